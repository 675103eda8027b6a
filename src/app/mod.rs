//! The binary's modules, apart from the library's: the flags (`cli`), the checked
//! `Job` (`config`), the commands that run it (`solving`, `render`, `setter`,
//! `generate`), the server (`serve`), the terminal game (`play`), and what they share
//! for people (`input`, `hint`, `report`, `say`, `usage`); `keep` and `mapped` hold
//! files. Each has its section in ARCHITECTURE.md.

pub(crate) mod cli;
pub(crate) mod config;
pub(crate) mod generate;
pub(crate) mod hint;
pub(crate) mod input;
pub(crate) mod keep;
pub(crate) mod mapped;
pub(crate) mod play;
pub(crate) mod render;
pub(crate) mod report;
pub(crate) mod say;
pub(crate) mod serve;
pub(crate) mod setter;
pub(crate) mod solving;
pub(crate) mod usage;
