//! Games whose lights have K states (any K from 2 to 255, prime or not): a press adds
//! its amounts mod K. Grid games are chased ([`chase`]), any other game is solved as
//! its whole press matrix; both solve mod K by [`Congruences`] and search the fewest
//! presses among the solutions the same way ([`search`]).

pub(crate) mod census;
mod chase;
mod search;

use crate::rules::Game;
use crate::solve::engines::ring::{group_name, product_decimal, Congruences};
pub use chase::TooManyStateUnknowns;
use search::Quiet;
pub use search::StateSearch;

/// The most lights (and buttons) of a game with K > 2 solved by elimination of its
/// whole press matrix: `n^3` steps, three matrices of `n^2` bytes.
pub const STATE_DENSE_LIGHTS: usize = 1024;

/// The most lights of a grid game with K > 2 (its chase keeps each light's changers).
pub const STATE_CHASE_LIGHTS: usize = 1 << 22;

/// How the presses are found.
#[derive(Debug, Clone)]
enum Method {
    Chase(Box<chase::Chase>),
    Dense(Box<Congruences>),
}

/// A solver for a game of K states.
#[derive(Debug, Clone)]
pub struct StatesSolver {
    k: u8,
    lights: usize,
    buttons: usize,
    method: Method,
    quiet: Quiet,
}

/// One board's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateAnswer {
    /// Each button's count, `0..K`.
    pub presses: Vec<u8>,
    /// The sum of the counts.
    pub total: u64,
    /// Whether no solution has fewer presses.
    pub proven_minimal: bool,
    /// A proven lower bound on the fewest presses (`total` when proven).
    pub lower_bound: u64,
    /// How the fewest were searched.
    pub search: StateSearch,
}

/// Why a game with K states cannot be solved here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StatesError {
    /// The chase leaves too many unknowns.
    #[error(transparent)]
    Unknowns(#[from] TooManyStateUnknowns),
    /// Too many lights.
    #[error(
        "this game has {lights} lights and {buttons} buttons; with more than two states a \
         light, grid games take at most {STATE_CHASE_LIGHTS} lights and other games at \
         most {STATE_DENSE_LIGHTS}"
    )]
    TooLarge {
        /// Lights of the game.
        lights: usize,
        /// Buttons of the game.
        buttons: usize,
    },
}

impl StatesSolver {
    /// The solver for `game`: chased when it is a grid game, else by elimination;
    /// searching the fewest presses within `budget` steps a board.
    pub fn new(game: &Game, budget: u64) -> Result<StatesSolver, StatesError> {
        let (lights, buttons) = (game.lights(), game.buttons());
        if game.grid_rules().is_some() {
            if lights > STATE_CHASE_LIGHTS {
                return Err(StatesError::TooLarge { lights, buttons });
            }
            let chase = chase::Chase::new(game)?;
            let orders = chase.kernel_orders();
            let kept =
                (orders.len() as u64).saturating_mul(buttons as u64) <= search::KEPT_PATTERN_BYTES;
            let kernel = kept.then(|| chase.kernel());
            let method = Method::Chase(Box::new(chase));
            return Ok(StatesSolver::with(
                game,
                method,
                kernel.as_deref(),
                orders,
                budget,
            ));
        }
        StatesSolver::by_elimination(game, budget)
    }

    /// The solver for `game` by elimination of its whole press matrix, whatever the
    /// game: the method the chase is held to.
    pub fn by_elimination(game: &Game, budget: u64) -> Result<StatesSolver, StatesError> {
        let (lights, buttons) = (game.lights(), game.buttons());
        if lights > STATE_DENSE_LIGHTS || buttons > STATE_DENSE_LIGHTS {
            return Err(StatesError::TooLarge { lights, buttons });
        }
        let mut a = vec![0u8; lights * buttons];
        for b in 0..buttons {
            for &(l, amount) in game.pattern(b).iter() {
                a[l as usize * buttons + b] = amount;
            }
        }
        let system = Congruences::new(game.states(), lights, buttons, &a);
        let kernel = system.kernel();
        let orders = kernel.iter().map(|(_, o)| *o).collect();
        let method = Method::Dense(Box::new(system));
        Ok(StatesSolver::with(
            game,
            method,
            Some(&kernel),
            orders,
            budget,
        ))
    }

    fn with(
        game: &Game,
        method: Method,
        kernel: Option<&[(Vec<u8>, u32)]>,
        orders: Vec<u32>,
        budget: u64,
    ) -> Self {
        StatesSolver {
            k: game.states(),
            lights: game.lights(),
            buttons: game.buttons(),
            method,
            quiet: Quiet::new(game.states(), game.buttons(), kernel, orders, budget),
        }
    }

    /// States a light has.
    pub fn states(&self) -> u8 {
        self.k
    }

    /// Whether K is prime (the kernel is then a vector space over Z_K).
    pub fn prime_states(&self) -> bool {
        crate::solve::engines::ring::modulus::is_prime(self.k)
    }

    /// The method, in words.
    pub fn method(&self) -> &'static str {
        match self.method {
            Method::Chase(_) => "light chasing mod K, and the boundary system solved mod K",
            Method::Dense(_) => "elimination of the whole press matrix mod K",
        }
    }

    /// The kernel's generators: for prime K, the nullity (dimension over `Z_K`); for
    /// composite K, the number of cyclic factors found (one prime power at a time).
    pub fn nullity(&self) -> usize {
        match &self.method {
            Method::Chase(c) if crate::solve::engines::ring::modulus::is_prime(self.k) => {
                c.unknowns() - c.rank()
            }
            Method::Dense(d) if crate::solve::engines::ring::modulus::is_prime(self.k) => {
                self.buttons - d.rank()
            }
            _ => self.quiet.orders().len(),
        }
    }

    /// The number of press patterns that change nothing (= solutions of each solvable
    /// board), in decimal.
    pub fn solutions(&self) -> String {
        product_decimal(&self.quiet.orders())
    }

    /// The kernel as a group (`Z_2^2 x Z_4^2`).
    pub fn kernel_group(&self) -> String {
        group_name(&self.quiet.orders())
    }

    /// Generators of the press patterns that change nothing, with their orders
    /// (`None` when they are too large to keep: more than 2^28 bytes).
    pub fn quiet_patterns(&self) -> Option<Vec<(Vec<u8>, u32)>> {
        self.quiet.patterns()
    }

    /// The number of solutions of a solvable board (`None` past 2^64).
    pub fn solution_count(&self) -> Option<u64> {
        self.quiet.order()
    }

    /// Steps of the search a board (`None` past 2^64).
    pub fn search_cost(&self) -> Option<u64> {
        self.quiet.cost()
    }

    /// Presses that bring `lights` (one state a light) to `goal` (one state a light),
    /// the fewest when the search proves it (and `search` is true); `None` when no
    /// presses do.
    pub fn solve(&self, lights: &[u8], goal: &[u8], search: bool) -> Option<StateAnswer> {
        assert_eq!(lights.len(), self.lights, "one state a light");
        let k = self.k;
        let need: Vec<u8> = lights
            .iter()
            .zip(goal)
            .map(|(&l, &g)| ((u16::from(g) + u16::from(k) - u16::from(l)) % u16::from(k)) as u8)
            .collect();
        let mut presses = match &self.method {
            Method::Chase(c) => c.solve(&need)?,
            Method::Dense(d) => d.solve(&need)?,
        };
        let (how, proven, bound) = self.quiet.search(&mut presses, search);
        let total = presses.iter().map(|&v| u64::from(v)).sum();
        Some(StateAnswer {
            presses,
            total,
            proven_minimal: proven,
            lower_bound: if proven { total } else { bound },
            search: how,
        })
    }

    /// The census of the game ([`Census`](census::Census)): the fewest presses of every
    /// board.
    pub fn census(
        &self,
        progress: &(dyn Fn(u64, u64) -> bool + Sync),
    ) -> Result<census::Census, census::CensusError> {
        let generators = self
            .quiet
            .patterns()
            .ok_or(census::CensusError::TooManySolutions {
                solutions: self.solutions(),
            })?;
        census::census(self.k, self.lights, self.buttons, &generators, progress)
    }

    /// Buttons of the game.
    pub fn buttons(&self) -> usize {
        self.buttons
    }

    /// Lights of the game.
    pub fn lights(&self) -> usize {
        self.lights
    }
}
