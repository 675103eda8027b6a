//! Words for people: plurals and thousands separators, the same in every message.

/// `1 press`, `2 presses`.
pub fn plural(n: impl Into<u128>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// `33554432` as `33,554,432` (any count to 2^128).
pub fn thousands(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_and_separators() {
        assert_eq!(plural(1u32, "grid", "grids"), "1 grid");
        assert_eq!(plural(0u32, "grid", "grids"), "0 grids");
        assert_eq!(plural(25_000u32, "grid", "grids"), "25,000 grids");
        assert_eq!(thousands(33_554_432u32), "33,554,432");
        assert_eq!(thousands(999u32), "999");
        assert_eq!(thousands(1000u32), "1,000");
    }
}
