//! The engines: each gives a board's particular solution and its game's quiet patterns
//! (for two states; the search room finds the fewest presses among them), and
//! [`super::game`] chooses one for a game.
//!
//! - `plane`: the classic plus rule on a plane board, by light chasing and polynomials
//!   over GF(2) (the only code, with `grid`, that knows the plus rule).
//! - `chase`: any press rule on any topology, by a general chase and its boundary
//!   system.
//! - `dense`: any button map, by elimination of the whole press matrix.
//! - `five`: the 5x5 grid's own answers: first-row enumeration, and the algebra in
//!   byte tables.
//! - `ring`, `states`: lights of K states: arithmetic mod K, and the chase and
//!   elimination over it.
//!
//! `bytes`: linear maps tabulated by byte, which `plane` and `five` share.

mod bytes;
pub(crate) mod chase;
pub(crate) mod dense;
pub(crate) mod five;
pub(crate) mod plane;
pub(crate) mod ring;
pub(crate) mod states;
