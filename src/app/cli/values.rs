//! The values of the flags that take a word (`--target on`, `--format pbm`, ...).

use clap::ValueEnum;

/// Topologies as clap reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum TopologyArg {
    Plane,
    Cylinder,
    Torus,
    Projective,
}

/// Reads `--topology` in the library's words, keeping clap's list of the names (for
/// `--help` and completions).
#[derive(Debug, Clone, Copy)]
pub(crate) struct TopologyParser;

impl clap::builder::TypedValueParser for TopologyParser {
    type Value = TopologyArg;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<TopologyArg, clap::Error> {
        let read = |text: &str| -> Result<TopologyArg, String> {
            let topology = lightsout::request::topology_of(text).map_err(|r| r.sentence)?;
            TopologyArg::value_variants()
                .iter()
                .copied()
                .find(|t| t.topology() == topology)
                .ok_or_else(|| format!("no flag for the topology `{text}`"))
        };
        read.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            TopologyArg::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value),
        ))
    }
}

impl TopologyArg {
    /// The library's topology.
    pub(crate) fn topology(self) -> lightsout::rules::Topology {
        use lightsout::rules::Topology;
        match self {
            TopologyArg::Plane => Topology::Plane,
            TopologyArg::Cylinder => Topology::Cylinder,
            TopologyArg::Torus => Topology::Torus,
            TopologyArg::Projective => Topology::Projective,
        }
    }
}

/// The state the presses must reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum TargetArg {
    /// Every light off.
    Off,
    /// Every light on.
    On,
}

/// The state every light must reach, for the commands that take any game: `off`
/// (every light 0), `on` (every light K - 1) or a state `D`: the library's reading.
pub(crate) type GoalArg = lightsout::request::Goal;

/// Reads a duration (`500ms`, `2s`, `25m`, `1h 30m`) with humantime; a bare number is
/// seconds (`2`, `0.5`).
pub(crate) fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    if let Ok(seconds) = text.parse::<f64>() {
        return std::time::Duration::try_from_secs_f64(seconds)
            .map_err(|_| format!("expected a duration of 0 s or more, found `{text}`"));
    }
    humantime::parse_duration(text)
        .map_err(|e| format!("expected a duration such as 500ms, 2s, 25m or 1h ({e})"))
}

/// Reads `--part I/N`: part `I` of `N`, numbered from 0 as array schedulers number
/// their tasks (`0 <= I < N <= 1024`).
pub(crate) fn parse_part(text: &str) -> Result<(u64, u64), String> {
    let expected = || {
        format!(
            "expected I/N, part I of N numbered from 0 (0 <= I < N <= 1024), as a job \
             array's task index and count, found `{text}`"
        )
    };
    let (index, of) = text.split_once('/').ok_or_else(expected)?;
    let index: u64 = index.trim().parse().map_err(|_| expected())?;
    let of: u64 = of.trim().parse().map_err(|_| expected())?;
    if index < of && of <= 1024 {
        Ok((index, of))
    } else {
        Err(expected())
    }
}

/// Reads `--target`: `off`, `on`, or a state (checked against K later), in the
/// library's words.
pub(crate) fn parse_goal(text: &str) -> Result<GoalArg, String> {
    GoalArg::parse(text).map_err(|refused| refused.sentence)
}

/// Reads `--states`: a number of states from 2 to 255.
pub(crate) fn parse_states(text: &str) -> Result<u8, String> {
    lightsout::request::parse_states(text)
}

/// How boards are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum FormatArg {
    /// A count line, then rows of digits `0`/`1`.
    Text,
    /// Portable bitmaps (netpbm): P1 or P4 in, P4 out; the shape comes from each image.
    Pbm,
    /// Text in, JSON lines out: one object a board or graph, the field names of the
    /// HTTP API (`presses`, `fewest`, `proven`, `lower_bound`, ...).
    Json,
}

/// How 5x5 grids are answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum MethodArg {
    /// One lookup in the depth table (built in, or --table).
    Table,
    /// Try the 32 top-row press sets and chase the rest; no table needed.
    Enumerate,
    /// Linear algebra: a particular solution from three byte-table lookups, then the
    /// lightest of the four solutions; no table, exact at any depth.
    Algebra,
}

/// How a command that reports on a whole game writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ReportArg {
    /// Lines for people.
    Text,
    /// One JSON object, with the HTTP API's field names where they overlap.
    Json,
}

/// How `explain` draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum DrawArg {
    /// Text: `#` lit, `.` dark, `[ ]` around each button to press.
    Text,
    /// A PNG picture a board: dark grey and yellow cells, presses in blue.
    Png,
    /// One JSON object a board, a line each: the answer `solve --format json` gives.
    Json,
}
