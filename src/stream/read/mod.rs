//! Text in: every reader of the streams, and nothing that answers. `lines` (one
//! buffer, lines peeked ahead), `rows` (a row decoded, located errors, or eight bytes
//! at a time), `count` (the optional count line), `shape` (the shape from the first
//! board), `drawn` (a board typed in its game's layout), `reader` (`BoardReader`, two
//! states), `states` (`StatesReader`, K states), `json` (`{"boards": ...}` a board at a
//! time), `error` (what every reader reports).

pub(in crate::stream) mod count;
pub(in crate::stream) mod drawn;
pub(in crate::stream) mod error;
pub(in crate::stream) mod json;
pub(in crate::stream) mod lines;
pub(in crate::stream) mod reader;
pub(in crate::stream) mod rows;
pub(in crate::stream) mod shape;
pub(in crate::stream) mod states;
