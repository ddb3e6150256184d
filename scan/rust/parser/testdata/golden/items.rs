#![allow(dead_code)]
use a::{b::C, d as e, *};
pub(crate) mod m;
pub struct T<'a, U: Clone = u8>(pub &'a U) where U: 'a;
enum E { A, B(u8), C { x: i64 } = 3 }
impl<T> Trait for Wrapper<T> where T: Copy {
    type Out = Vec<T>;
    const N: usize = 4;
    unsafe fn raw(&self) -> *const T { self.0 as *const T }
}
macro_rules! twice { ($e:expr) => { $e; $e }; }
declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");
type F = fn(u8) -> Box<dyn Fn(&str) -> u8 + Send>;
static mut N: u64 = 0;
extern crate std as s;
