//! `query` asked (the 5x5 contest question: each grid's fewest presses to the target,
//! if at most a depth): the depth, the method, and the depth table at hand, checked
//! once for every door ([`Query::check`]: the default depth and method, a method the
//! table cannot serve, each refusal in the door's names). The command line fills a
//! `Query` from its flags, the server's `POST /v1/query` from its query string.

use super::limits::Limits;
use super::{Field, Refusal};
use crate::table::TableKind;

/// How the 5x5 contest question is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryMethod {
    /// One lookup in the depth table.
    Table,
    /// The 32 top-row press sets tried, the rest chased.
    Enumerate,
    /// The algebra: exact at any depth.
    Algebra,
}

impl QueryMethod {
    /// `table`, `enumerate` or `algebra`, as every door reads `method`.
    pub fn parse(text: &str) -> Result<QueryMethod, Refusal> {
        match text {
            "table" => Ok(QueryMethod::Table),
            "enumerate" => Ok(QueryMethod::Enumerate),
            "algebra" => Ok(QueryMethod::Algebra),
            other => Err(Refusal::of(
                Field::Method,
                format!("expected table, enumerate or algebra, found `{other}`"),
            )),
        }
    }
}

/// The contest's depth when none is asked: 6 presses.
pub const CONTEST_STEPS: u32 = 6;

/// The deepest `max_steps`: the 5x5's 25 buttons.
pub const MOST_STEPS: u64 = 25;

/// `query` asked, through any door.
#[derive(Debug, Clone, Copy)]
pub struct Query {
    /// The depth past which a grid's answer is `-1`, when given.
    pub max_steps: Option<u64>,
    /// The method, when named.
    pub method: Option<QueryMethod>,
    /// The kind of the depth table at hand; `None` for a table named but not read yet
    /// (its depth is checked once it is: a check first refuses what no table mends).
    pub table: Option<TableKind>,
    /// Whether the request named its table (the command line's `--table FILE`).
    pub table_named: bool,
}

/// A `query` request checked: its method and depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryChecked {
    /// How each grid is answered.
    pub method: QueryMethod,
    /// The depth past which a grid's answer is `-1`.
    pub max_steps: u32,
}

impl Query {
    /// The request checked within a door's names: the contest's depth by default; the
    /// table when it knows the depth, else (no table named) the algebra, exact at any
    /// depth; a method named is used as named, and a table named goes with the table.
    pub fn check(&self, limits: &Limits) -> Result<QueryChecked, Refusal> {
        let n = |word: &str| limits.names.of(word);
        let max_steps = match self.max_steps {
            None => CONTEST_STEPS,
            Some(steps) if steps <= MOST_STEPS => steps as u32,
            Some(steps) => {
                return Err(Refusal::of(
                    Field::MaxSteps,
                    format!("{steps} is not in 0..={MOST_STEPS}"),
                ))
            }
        };
        let limit = self.table.map_or(u8::MAX, TableKind::depth_limit);
        let knows = max_steps <= u32::from(limit);
        let method = match self.method {
            Some(method) => method,
            None if knows || self.table_named => QueryMethod::Table,
            None => QueryMethod::Algebra,
        };
        if self.table_named && method != QueryMethod::Table {
            return Err(Refusal::bad(format!(
                "{} goes with {} (the default)",
                n("table"),
                limits.names.set("method", "table")
            )));
        }
        if method == QueryMethod::Table && !knows {
            let deeper = match (self.table, limits.names) {
                (Some(TableKind::Depth6), names) => {
                    // The command line may name a table file too.
                    let exact = match names {
                        super::limits::Names::Flags => format!(
                            ", or the exact table (`lightsout generate --exact`, then --table \
                             {})",
                            TableKind::Exact.default_path().display()
                        ),
                        super::limits::Names::Words => String::new(),
                    };
                    format!(
                        "for up to 15 use {} or {}{exact}",
                        names.set("method", "algebra"),
                        names.set("method", "enumerate")
                    )
                }
                _ => "no 5x5 grid needs more than 15".to_string(),
            };
            return Err(Refusal::of(
                Field::MaxSteps,
                format!(
                    "{max_steps} presses is deeper than the table, which knows depths up to \
                     {limit}; {deeper}"
                ),
            ));
        }
        Ok(QueryChecked { method, max_steps })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::limits::{COMMAND_LINE, SERVER};

    fn asked(max_steps: Option<u64>, method: Option<QueryMethod>) -> Query {
        Query {
            max_steps,
            method,
            table: Some(TableKind::Depth6),
            table_named: false,
        }
    }

    #[test]
    fn one_check_chooses_the_method_and_refuses_alike_at_every_door() {
        let checked = |q: Query| q.check(&SERVER).map(|c| (c.method, c.max_steps));
        assert_eq!(checked(asked(None, None)), Ok((QueryMethod::Table, 6)));
        // Deeper than the table: the algebra, exact, unless a table is named.
        assert_eq!(checked(asked(Some(9), None)), Ok((QueryMethod::Algebra, 9)));
        let named = Query {
            table_named: true,
            ..asked(Some(9), None)
        };
        let refused = named.check(&COMMAND_LINE).unwrap_err();
        assert_eq!(refused.field, Some(Field::MaxSteps));
        assert!(refused
            .sentence
            .starts_with("9 presses is deeper than the table"));
        assert!(refused.sentence.contains("--method algebra"), "{refused}");
        // A method named is used as named: the table, too deep, refused in the door's
        // names.
        let table = asked(Some(7), Some(QueryMethod::Table));
        assert_eq!(
            table.check(&SERVER).unwrap_err().to_string(),
            "max_steps: 7 presses is deeper than the table, which knows depths up to 6; for \
             up to 15 use method=algebra or method=enumerate"
        );
        assert_eq!(
            checked(asked(Some(25), Some(QueryMethod::Enumerate))),
            Ok((QueryMethod::Enumerate, 25))
        );
        assert_eq!(
            asked(Some(26), None)
                .check(&SERVER)
                .unwrap_err()
                .to_string(),
            "max_steps: 26 is not in 0..=25"
        );
        let other = Query {
            table_named: true,
            ..asked(None, Some(QueryMethod::Algebra))
        };
        assert_eq!(
            other.check(&COMMAND_LINE).unwrap_err().sentence,
            "--table goes with --method table (the default)"
        );
        // A table named, not read yet: what no table mends is refused first.
        let unread = Query {
            table: None,
            table_named: true,
            ..asked(Some(20), Some(QueryMethod::Algebra))
        };
        assert!(unread
            .check(&COMMAND_LINE)
            .unwrap_err()
            .sentence
            .starts_with("--table goes"));
        let unread = Query {
            method: None,
            ..unread
        };
        assert_eq!(
            unread.check(&COMMAND_LINE).map(|c| c.method),
            Ok(QueryMethod::Table)
        );
        let exact = Query {
            table: Some(TableKind::Exact),
            ..asked(Some(15), None)
        };
        assert_eq!(checked(exact), Ok((QueryMethod::Table, 15)));
        assert_eq!(
            QueryMethod::parse("bfs").unwrap_err().to_string(),
            "method: expected table, enumerate or algebra, found `bfs`"
        );
    }
}
