//! More grammar: expressions and patterns real programs use.

use std::io::{self, Write};
pub(crate) use self::helpers::*;
pub use super::*;

mod helpers {
    pub fn id<T>(t: T) -> T {
        t
    }
}

pub struct Matrix<const R: usize, const C: usize> {
    cells: [[f64; C]; R],
}

impl<const R: usize, const C: usize> Matrix<R, C> {
    pub const SIZE: usize = R * C;

    pub fn get(&self, r: usize, c: usize) -> Option<&f64> {
        self.cells.get(r)?.get(c)
    }

    pub fn transpose(&self) -> Matrix<C, R> {
        let mut out = Matrix::<C, R> { cells: [[0.0; R]; C] };
        for (i, row) in self.cells.iter().enumerate() {
            for (j, v) in row.iter().enumerate() {
                out.cells[j][i] = *v;
            }
        }
        out
    }
}

trait Visitor<'a>: Sized {
    type Out;
    fn visit(&mut self, node: &'a str) -> Self::Out where Self: 'a;
}

fn hrtb<F>(f: F) -> usize
where
    for<'x> F: Fn(&'x str) -> &'x str,
{
    f("abc").len()
}

fn returns_closure(k: u32) -> impl Fn(u32) -> Box<dyn Fn(u32) -> u32> {
    move |a| Box::new(move |b| a + b + k)
}

fn writer(out: &mut dyn Write, items: &[(String, u64)]) -> io::Result<()> {
    for &(ref name, amount) in items {
        writeln!(out, "{name}: {amount:>10}")?;
    }
    items.iter().map(|(k, v)| (k.len() as u64) * v).for_each(drop);
    Ok(())
}

#[allow(clippy::all)]
fn patterns(v: &[i32], c: char, o: Option<Option<i32>>) -> i32 {
    let [first, rest @ ..] = v else { return 0 };
    let lower = matches!(c, 'a'..='z' | '_');
    match o {
        Some(Some(x @ 1..=9)) | Some(Some(x @ -9..=-1)) => x,
        Some(inner @ Some(_)) => inner.unwrap_or_default(),
        Some(None) if lower => 1,
        #[allow(unreachable_patterns)]
        Some(None) => 2,
        None => *first + rest.len() as i32,
    }
}

enum Msg {
    Quit,
    Move { x: i32, y: i32 },
    Write(String),
}

fn dispatch(m: Msg) -> String {
    match m {
        Msg::Quit => String::new(),
        Msg::Move { x, y: 0 } => format!("{x}"),
        Msg::Move { ref x, .. } => x.to_string(),
        Msg::Write(ref s) if s.is_empty() => "empty".into(),
        Msg::Write(s) => s,
    }
}

#[derive(Default, Clone)]
struct Config {
    name: String,
    limit: u64,
    verbose: bool,
}

fn build(flag: bool) -> Config {
    let base = Config { name: "x".to_owned(), ..Default::default() };
    let cfg = Config { limit: if flag { 10 } else { 20 }, ..base.clone() };
    let verbose = true;
    Config { verbose, ..cfg }
}

async fn fetch(n: u64) -> Result<u64, String> {
    let fut = async move { n * 2 };
    let v = fut.await;
    let c = async |x: u64| x + 1;
    let _ = c;
    Ok(v)
}

fn numbers() -> f64 {
    let a = 1_000.5e-3;
    let b = 0xDEAD_BEEFu32 as f64;
    let c = 1.0f64.max(2.0).min(3.);
    let d = 255u8 as i8;
    let e = -(1i128 << 100) >> 3;
    let f = !0u64 ^ 0b1111 & 0o777 | 1;
    let g = 5.max(3);
    a + b + c + d as f64 + e as f64 + f as f64 + g as f64
}

fn generics_in_exprs(v: Vec<u8>) -> bool {
    let a = v.len() < 3 && v.len() > 1;
    let b = (v.len() as u64) < 10;
    let parsed = "5".parse::<u64>().unwrap_or(0);
    let collected: Vec<Vec<u8>> = vec![vec![1u8]; 3];
    let nested: Option<Vec<(u8, Box<[u8]>)>> = None;
    let _ = (collected, nested);
    let x = <Vec<u8> as Default>::default().len();
    a || b || parsed > 0 || x == 0
}

fn raw_ptrs(mut v: u32) -> u32 {
    let p = &raw mut v;
    let q: *const u32 = &v;
    unsafe {
        *p += 1;
        *q
    }
}

fn labels() -> u32 {
    let v = 'block: {
        if true {
            break 'block 1;
        }
        2
    };
    let mut n = 0;
    'a: while n < 10 {
        n += 1;
        'b: loop {
            if n % 2 == 0 {
                continue 'a;
            }
            break 'b;
        }
    }
    v + n
}

struct Wrapper<T>(T);

impl<T: std::fmt::Display> std::fmt::Display for Wrapper<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}]", self.0)
    }
}

impl<T> std::ops::Deref for Wrapper<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

unsafe extern "C" {
    pub safe fn abs(x: i32) -> i32;
}

#[unsafe(no_mangle)]
pub extern "C" fn exported(x: i32) -> i32 {
    abs(x)
}

pub fn tail_closures(items: Vec<u64>) -> u64 {
    let total: u64 = items
        .iter()
        .filter(|&&x| x > 0)
        .fold(0u64, |acc, x| acc.saturating_add(*x));
    let maybe = items.first().map_or(0, |v| *v);
    std::thread::spawn(move || {
        let _ = maybe;
    });
    total
}
