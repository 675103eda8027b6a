//! Press rules: an odd-sized matrix of amounts centred on the pressed cell.

use std::fmt;

/// What pressing a cell adds around it: `height x width` amounts (both odd), the
/// pressed cell in the middle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    height: usize,
    width: usize,
    /// Row-major amounts, `height * width`.
    amounts: Vec<u8>,
}

/// The rules known by name, with their patterns (rows separated by `/`).
pub const NAMED: [(&str, &str, &str); 5] = [
    (
        "plus",
        "010/111/010",
        "the cell and its four orthogonal neighbours (the classic)",
    ),
    (
        "cross",
        "101/010/101",
        "the cell and its four diagonal neighbours (an X)",
    ),
    ("box", "111/111/111", "the 3x3 square around the cell"),
    (
        "knight",
        "01010/10001/00100/10001/01010",
        "the cell and the eight cells a chess knight's move away (XL-25)",
    ),
    (
        "ring",
        "010/101/010",
        "the four orthogonal neighbours, not the cell (Sutner's sigma game)",
    ),
];

/// Why a rule cannot be read: the 1-based column of the rule text, what was
/// expected there and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("rule `{text}`, column {column}: expected {expected}, found {found}")]
pub struct RuleError {
    /// The rule as given.
    pub text: String,
    /// 1-based column in `text`.
    pub column: usize,
    /// What the rule needs there.
    pub expected: String,
    /// What it has.
    pub found: String,
}

impl Rule {
    /// A rule by name (`plus`, `cross`, `box`, `knight`, `ring`) or as a literal pattern:
    /// rows of digits separated by `/`, of odd width and height, the digits being
    /// amounts (`00100/01110/11111/01110/00100`).
    pub fn parse(text: &str) -> Result<Rule, RuleError> {
        let literal = NAMED
            .iter()
            .find(|(name, _, _)| *name == text)
            .map_or(text, |(_, pattern, _)| pattern);
        let fail = |column: usize, expected: &str, found: String| RuleError {
            text: text.to_string(),
            column,
            expected: expected.to_string(),
            found,
        };
        let mut amounts = Vec::new();
        let mut width = None;
        let mut height = 0;
        let mut column = 1;
        for row in literal.split('/') {
            let mut cells = 0;
            for ch in row.chars() {
                let Some(digit) = ch.to_digit(10) else {
                    let known: Vec<&str> = NAMED.iter().map(|n| n.0).collect();
                    let expected = format!(
                        "a digit or `/` (a rule is a name, {}, or rows of digits like \
                         010/111/010)",
                        known.join(", ")
                    );
                    return Err(fail(column, &expected, format!("`{ch}`")));
                };
                amounts.push(digit as u8);
                cells += 1;
                column += 1;
            }
            match width {
                None => width = Some(cells),
                Some(w) if w != cells => {
                    return Err(fail(
                        column - cells,
                        &format!("a row of {w} digits, as the first row"),
                        format!("{cells}"),
                    ))
                }
                Some(_) => {}
            }
            height += 1;
            column += 1; // the `/`
        }
        let width = width.unwrap_or(0);
        if width % 2 == 0 || height % 2 == 0 {
            return Err(fail(
                1,
                "an odd number of rows and of columns, so the pressed cell is the centre",
                format!("{height} x {width}"),
            ));
        }
        if amounts.iter().all(|&a| a == 0) {
            return Err(fail(1, "at least one nonzero amount", "only zeros".into()));
        }
        Ok(Rule {
            height,
            width,
            amounts,
        })
    }

    /// The rule's name, if it is a named one.
    pub fn name(&self) -> Option<&'static str> {
        NAMED
            .iter()
            .find(|(_, pattern, _)| Rule::parse(pattern).as_ref() == Ok(self))
            .map(|n| n.0)
    }

    /// The rule turned half round: what a press adds at offset `(dr, dc)` is what this
    /// rule adds at `(-dr, -dc)` (on a plane, a cylinder or a torus, the game of the
    /// turned rule is the game's press matrix transposed).
    pub fn turned(&self) -> Rule {
        let mut amounts = self.amounts.clone();
        amounts.reverse();
        Rule {
            amounts,
            ..self.clone()
        }
    }

    /// Each nonzero amount with its offset from the pressed cell: `(dr, dc, amount)`.
    pub fn offsets(&self) -> impl Iterator<Item = (isize, isize, u8)> + '_ {
        let (h, w) = (self.height as isize / 2, self.width as isize / 2);
        self.amounts
            .iter()
            .enumerate()
            .filter(|(_, &a)| a != 0)
            .map(move |(i, &a)| {
                let (r, c) = ((i / self.width) as isize, (i % self.width) as isize);
                (r - h, c - w, a)
            })
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.amounts.chunks(self.width).enumerate() {
            if r > 0 {
                f.write_str("/")?;
            }
            for a in row {
                write!(f, "{a}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_their_patterns_and_bad_rules_are_located() {
        for (name, pattern, _) in NAMED {
            let rule = Rule::parse(name).unwrap();
            assert_eq!(rule.to_string(), pattern);
            assert_eq!(rule.name(), Some(name));
        }
        let plus: Vec<_> = Rule::parse("plus").unwrap().offsets().collect();
        assert_eq!(
            plus,
            [(-1, 0, 1), (0, -1, 1), (0, 0, 1), (0, 1, 1), (1, 0, 1)]
        );
        let even = Rule::parse("0110/1111").unwrap_err();
        assert!(even.to_string().contains("odd number"), "{even}");
        assert_eq!(Rule::parse("000/000/000").unwrap_err().found, "only zeros");
        let ragged = Rule::parse("010/11/010").unwrap_err();
        assert_eq!((ragged.column, ragged.found.as_str()), (5, "2"));
        let letter = Rule::parse("010/1x1/010").unwrap_err();
        assert_eq!((letter.column, letter.found.as_str()), (6, "`x`"));
        assert!(Rule::parse("hexagon")
            .unwrap_err()
            .expected
            .contains("knight"));
    }
}
