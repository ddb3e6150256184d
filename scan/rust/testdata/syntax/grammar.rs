#!/usr/bin/env run-cargo-script
//! Covers the grammar: every construct here must parse without error.
#![no_std]

extern crate alloc;
extern crate self as me;

use core::{fmt::{self, Debug, Display as Disp}, ops::*, marker::PhantomData};
use ::std::collections::HashMap;
use alloc::vec::Vec as _;

/** Outer block doc comment. */
pub(crate) struct Unit;
pub struct Tuple<'a, T: ?Sized + 'a>(pub &'a T, pub(super) u8);
struct Named<T, const N: usize = 4>
where
    T: Clone + Default,
{
    items: [T; N],
    r#type: Option<Box<dyn Fn(&T) -> bool + Send + Sync + 'static>>,
    f: fn(u8, u16) -> u32,
    g: unsafe extern "C" fn(*const u8, *mut u8),
    h: for<'b> fn(&'b str) -> &'b str,
    nested: Vec<Vec<Option<u8>>>,
    q: <Vec<u8> as IntoIterator>::Item,
    never: PhantomData<fn() -> !>,
    tup: (u8, (u16,), ()),
}

union Bits {
    f: f32,
    u: u32,
}

enum Shape<T> where T: Copy {
    Circle { r: T },
    Rect(T, T),
    Empty = 3,
    #[allow(dead_code)]
    Other,
}

pub trait Animal: Debug + Clone where Self: Sized {
    const LEGS: usize;
    type Food: Default;
    fn name(&self) -> &str;
    fn speak(&self) -> String { format!("{} speaks", self.name()) }
    fn eat(self: Box<Self>, food: Self::Food);
}

unsafe impl Send for Bits {}
impl<T: Copy + Default> Default for Shape<T> {
    fn default() -> Self { Shape::Circle { r: T::default() } }
}
impl<'a, T> Tuple<'a, T> where T: Debug + ?Sized {
    pub const fn new(t: &'a T) -> Self { Tuple(t, 0) }
    pub async fn later(&mut self) -> u8 { self.1 }
    pub unsafe fn raw(&self) -> *const T { self.0 as *const T }
}
impl !Sync for Unit {}

type Map<K> = HashMap<K, Vec<(K, u64)>>;
const _: () = assert!(core::mem::size_of::<u64>() == 8);
static mut COUNTER: u64 = 0;
pub static NAMES: &[&str] = &["a", "b"];

macro_rules! square {
    ($x:expr) => { $x * $x };
    ($x:expr, $($rest:tt)*) => {{ square!($x) + square!($($rest)*) }};
}

mod inner {
    #![allow(unused)]
    pub(in crate::inner) fn hidden() {}
    pub mod deeper {}
}

extern "C" {
    fn abs(input: i32) -> i32;
    static errno: i32;
}

fn literals() {
    let _ = (1, 1u8, 0xff_u8, 0o17, 0b1010_1010, 1_000_000i64, 1.5, 1e10, 2.5E-3f64, 3f32, 1.);
    let _ = ('a', '\n', '\'', '\u{1F600}', b'x', b'\\', "str\"ing", b"bytes", r"raw", r#"raw "quoted""#, br##"x"#"##, c"cstr");
    let _ = "multi
line";
    let lifetime_vs_char: &'static str = "ok";
    /* nested /* block */ comment */
    let _ = lifetime_vs_char;
}

fn expressions<'a>(v: &'a mut Vec<u64>, m: &Map<u8>) -> Option<u64> {
    let x = 1 + 2 * 3 - 4 / 2 % 3 << 1 >> 1 & 0xf | 0x10 ^ 0x1;
    let b = x > 1 && x < 100 || !(x == 3) && x != 4;
    let r = 0..10;
    let ri = ..=5;
    let full = ..;
    let y = -x as i64 as u128;
    let z = &mut *v;
    let w = &&x;
    let t = (x, y).0;
    let nested = ((1, 2), 3).0.1;
    let arr = [0u8; 32];
    let arr2 = [1, 2, 3,];
    let idx = arr[x as usize % 32];
    let closure = |a: u64, b| -> u64 { a + b };
    let moved = move || x;
    let ret = v.iter().map(|&e| e * 2).filter(|e| *e > 2).collect::<Vec<_>>();
    let s = Shape::Circle { r: 1u8 };
    let Shape::Circle { r } = s else { return None; };
    let _ = Named::<u8, 4> { items: [0; 4], r#type: None, f: |a, b| a as u32 + b as u32, ..todo!() };
    let val = if let Some(v) = m.get(&1) { v.len() } else if b { 2 } else { 3 };
    let l = 'outer: loop {
        for i in 0.. {
            if i > 10 { break 'outer i; }
            continue 'outer;
        }
    };
    while let Some(top) = v.pop() { if top == 0 { break; } }
    let label_block = 'blk: { if b { break 'blk 1; } 2 };
    let m = match x {
        0 => 1,
        1 | 2 if b => { 2 }
        3..=5 => 3,
        n @ 6..=9 => n,
        -1 => 0,
        _ => unreachable!("no"),
    };
    let opt = Some(3)?;
    let unsafe_val = unsafe { COUNTER += 1; COUNTER };
    let asyncb = async move { 1 };
    let qualified = <u64 as Default>::default();
    let generic_call = Vec::<u8>::with_capacity(3);
    let cmp = generic_call.len() < 3;
    let turbofish: Vec<u8> = core::iter::empty::<u8>().collect();
    x += 1;
    v[0] -= 1;
    *z = Vec::new();
    square!(2);
    if let Some(a) = Some(1) && let Some(b) = Some(2) { let _ = a + b; }
    match (t, nested) { (0, _) | (_, 0) => {} (a, b) => { let _ = a + b; } }
    Some(x + y as u64 + idx as u64 + val as u64 + l + m + opt + unsafe_val + label_block + ri.end as u64 + cmp as u64)
}

fn patterns(input: &[u8]) -> u8 {
    match input {
        [] => 0,
        [first, .., last] => first ^ last,
        [x] | [x, _] => *x,
        &[ref a, ref mut b @ ..] => *a,
    }
}

fn generic_bounds<T, F>(f: F) -> impl Iterator<Item = T>
where
    F: for<'x> Fn(&'x T) -> T + Clone,
    T: 'static + Copy,
    Vec<T>: IntoIterator<Item = T>,
{
    core::iter::empty()
}
