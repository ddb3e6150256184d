fn exprs(v: &mut Vec<u64>) -> Option<u64> {
    let total = a + b * c as u64 - d / 2 % 3;
    let ok = x > 1 && !done || y <= z;
    let t = pair.0.1;
    let r = &mut *v;
    let f = |a: u64, b| a.checked_add(b)?;
    let range = 1..=n;
    v[i] += amount;
    'outer: for i in 0..n { if i == m { break 'outer; } }
    let m = match k { 0 | 1 => 1, n @ 2..=9 if n > 3 => n, _ => { 0 } };
    if let Some(x) = y { x } else { return None; }
}
