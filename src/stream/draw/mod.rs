//! Boards and answers drawn: `explain`'s text drawings (`explain.rs`), pictures of any
//! game in its layout, a pixel row at a time (`picture.rs`; K states in colour,
//! `colours.rs`), and the rulers in their margins (`ruler.rs`).

pub(super) mod colours;
pub(super) mod explain;
pub(super) mod picture;
pub(super) mod ruler;
