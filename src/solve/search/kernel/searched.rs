//! The search's part of an engine's API, as a macro each engine's `impl` expands.

/// The search's part of an engine's API, written once: an engine that holds its boards'
/// [`super::Kernel`] in a field `kernel` says `searched_by_kernel!();` inside its `impl`, and
/// has the accessors `GameSolver` uses and the public methods a caller asks the search
/// with (each the same delegation; issue 40 had it written out four times).
macro_rules! searched_by_kernel {
    () => {
        /// The fewest-presses search of its boards ([`crate::solve::GameSolver`] asks it).
        pub(in crate::solve) fn kernel(&self) -> &crate::solve::search::kernel::Kernel {
            &self.kernel
        }

        /// The same, to set its time.
        pub(in crate::solve) fn kernel_mut(&mut self) -> &mut crate::solve::search::kernel::Kernel {
            &mut self.kernel
        }

        /// Lets a board whose own proof, its symmetries counted (a board that some of
        /// the shape's reflections and rotations leave as it is), is estimated within
        /// `limit` be proven, though the search budget does not cover every board's; the
        /// search past every proof stops when `limit` is spent.
        pub fn allow_search_time(&mut self, limit: std::time::Duration) {
            self.kernel.allow_board_seconds(limit.as_secs_f64());
        }

        /// Whether some board's answer may be proven the fewest: every board's is
        /// ([`proves_minimal`](Self::proves_minimal)), or a symmetric board's may be.
        pub fn may_prove(&self) -> bool {
            self.kernel.may_prove()
        }

        /// Whether answers are proven minimal (the search of every board's solutions
        /// is within the search budget).
        pub fn proves_minimal(&self) -> bool {
            self.kernel.proves()
        }

        /// Word operations the minimum search would take a board (`None` when beyond
        /// counting in 64 bits): compare with the search budget.
        pub fn search_cost(&self) -> Option<u64> {
            self.kernel.cost()
        }

        /// The proving search's time a board, estimated in seconds from its cost
        /// (`None` when beyond counting): what a time budget is held to.
        pub fn search_seconds(&self) -> Option<f64> {
            self.kernel.seconds()
        }

        /// How far the search of the board in hand has gone, for a progress bar on
        /// another thread.
        pub fn progress(&self) -> std::sync::Arc<crate::solve::SearchProgress> {
            self.kernel.progress()
        }
    };
}
pub(in crate::solve) use searched_by_kernel;
