//! The long help texts: input formats, examples and exit codes of each command, shown
//! by `--help` and rendered into the man pages.

pub(super) const GAMES_HELP: &str = "\
Any game is a button map: a text file whose first line is `lights N`, then one line a
button listing the 1-based lights it changes (`L`, or `L:A` to add A); `#` starts a
comment. `lightsout solve --game NAME --show` prints a built-in game's map, a start for
your own:

  # Merlin's Magic Square: 9 lights, 9 buttons
  lights 9
  1 2 4 5
  1 2 3
  ...

Boards of a map game are one line of N digits `0`/`1` a board (spaces allowed), or
the board as `explain` draws the game (Merlin's 3 x 3, the cube's net with spaces
where it has no light); each answer is one line of the buttons' press counts, separated by
spaces, or `no solution`. Grid games (--rows, --cols, --topology, --rule) read and
write boards as `solve` always has.

Examples:
  lightsout games
  lightsout solve --game merlin --show
  printf '1\\n111111111\\n' | lightsout solve --game merlin
  lightsout solve --game my-game.txt boards.txt

Exit codes: 0 success, 2 usage error.";

pub(super) const NULLITY_HELP: &str = "\
Prints `nullity K`: each solvable R x C board has 2^K solutions, and one board in 2^K
is solvable. K is the degree of gcd(p_R(x), p_C(x + 1)) over GF(2), where p_0 = 1,
p_1 = x, p_(k+1) = x p_k + p_(k-1): no matrix is built, and R, C up to 10^5 take well
under a second. With --patterns, then a basis of the quiet patterns (press sets that
change nothing): K boards in the input format of `lightsout solve`, or with
--format pbm K P4 images after the `nullity K` line (`tail -n +2` leaves the images).
The basis is (chi / g)(T) T^i e_1 for i < K, chased down the board: chi = p_C(x + 1),
g the gcd above, T the row operator; K chases of the board, no matrix.

With --states K: `nullity D` (for prime K the dimension over Z_K; for composite K the
number of cyclic factors), `solutions N` (the press patterns that change nothing, so
the solutions of each solvable board), and for composite K `group Z_2^2 x Z_4^2`;
--patterns prints generators, each `order N` and a pattern of counts.

Examples:
  lightsout nullity --rows 5 --cols 5          nullity 2
  lightsout nullity --rows 5 --cols 5 --states 3    nullity 3, solutions 27
  lightsout nullity --rows 4 --cols 4 --patterns
  lightsout nullity --rows 9 --cols 9 --patterns --format pbm | tail -n +2 > quiet.pbm
  lightsout nullity --rows 100000 --cols 100000
  lightsout nullity --rows 4 --cols 4 --wrap          (Mini Lights Out's board)
  lightsout nullity --game cube --patterns

Other games (--topology, --rule, --game, as `solve` takes them) are chased (grid games)
or reduced by dense elimination (maps); a map's patterns are one row of buttons, and
--format pbm takes grid games.

Graphs: --game FILE (or - for stdin) also reads a graph: graph6, sparse6, digraph6
(nauty's; `>>graph6<<` headers allowed), an edge list (`u v` a line, vertices from 0
or 1, `#` comments, an optional `n m` first line) or DIMACS (`p edge n m`, `e u v`),
told apart by their text. A press changes its vertex and its neighbours (σ+, the Lights
Out rule); --rule ring: the neighbours only (σ); a digraph's press changes the vertices
its arcs point to. --each reads many graphs, one nauty line each, and prints a nullity
a line: `nauty-geng -c 10 | lightsout nullity --each --game -` (11,716,571 graphs, the
4,454,654 of nullity 0 are OEIS A334443's a(10)); --stats counts them by nullity.";

pub(super) const CENSUS_HELP: &str = "\
For every board of the game (K^lights of them), the fewest presses that solve it,
counted: a histogram like `stats` prints, the boards with no solution, and the largest
fewest (God's number) with how many boards need it. The solutions of a board are one
coset of the press patterns that change nothing; the census visits one pattern a coset
(for prime K; every pattern for composite K) and compares all of a coset's solutions at
once, so no board is solved twice. Games of more than 2^36 patterns to visit, or more
than 1024 solutions a board, are refused.

Past 30 buttons (or with --method classes), a two-state game's God's number is found
without enumerating: the covering radius of its quiet patterns over their signature
classes (at most 2^nullity of them), a hardest board printed as the witness (solved
again to check it), proven when the search's bounds meet, else both bounds
(`God's number is 124..127`) after --search-time (5 minutes by default). The search runs
on every core (RAYON_NUM_THREADS says how many). Ctrl-C stops it early and prints the
bounds and the board found by then (exit code 130); a second Ctrl-C ends it at once.

A proof too long for one machine splits in parts for a cluster's job array: save the
hardest board a census printed (its rows, as `solve` reads them) and run, anywhere DIR
is shared, `--beyond FILE --checkpoint DIR --part I/N` for each I (each part searches
its share for a board that needs more presses, and keeps what it found); then the same
command without --part merges them: proven when every part found none, a board that
needs more when one did (its part names it; split the search beyond it next), else the
parts missing named with why (exit 1). A part not finished in its --search-time keeps
the subtrees it finished, and the same command resumes it. `--plan`, run once before
the parts, searches the levels above the split (which every part would search alike)
and keeps the nodes they leave: each part then enters its own. Every part of a split
must run the same build.
contrib/slurm/census.sbatch runs the parts as a Slurm job array and the merge after.

Examples:
  lightsout census --rows 5 --cols 5           the classic game (the exact table's counts)
  lightsout census --game 2000                 Lights Out 2000: all 3^25 boards, about a minute
  lightsout census --rows 3 --cols 3 --states 4 --wrap
  lightsout census --game merlin
  lightsout census --rows 9 --cols 9 --stats   God's number 37, in under a second
  lightsout census --rows 16 --cols 16         God's number 124 (nullity 8), in about 4 s
  lightsout census --rows 29 --cols 29         God's number 443 (nullity 10), in about 2 min
  lightsout census --rows 19 --cols 19 --search-time 30s
                                               bounds: 165..177 (nullity 16, open: a subcode's)
  lightsout census --rows 124 --cols 124       God's number 10375 (nullity 4), at once
  lightsout census --rows 84 --cols 84 --beyond hardest.txt --checkpoint parts --plan
                                               84 x 84's proof planned: the levels above
                                               the split searched once (80 s)
  lightsout census --rows 84 --cols 84 --beyond hardest.txt --checkpoint parts --part 17/1000
                                               one part of 84 x 84's proof (nullity 12)";

/// `serve`'s help, and every door's limits from the library's table.
pub(super) fn serve_help() -> String {
    format!(
        "{SERVE_HELP}\n\nWhat a request may ask, by door (the command line's and Python's \
         too; --max-lights\nraises or lowers the server body's classic board):\n{}",
        lightsout::request::limits::doors_text().trim_end()
    )
}

const SERVE_HELP: &str = "\
Prints one line with the address (http://HOST:PORT) and serves until SIGINT or SIGTERM,
finishing the requests in flight. Endpoints:
  GET  /                      a page to play on, with the exact table as a coach
  GET  /healthz               200
  GET  /v1/query?grid=G       exact fewest presses (moves=true, target=off)
  POST /v1/query              the classic format in, what `lightsout query` prints out
                              (max_steps, moves, target, method as query parameters)
  POST /v1/solve?rows=R&cols=C   what `lightsout solve` prints (target, and the game
                              flags: topology, rule, states, game=NAME, search_budget)
  GET  /v1/games              the built-in games, as JSON
  GET  /v1/openapi.json       the OpenAPI description of every route
  GET  /v1/puzzle?presses=S   a grid needing exactly S presses (seed)
  GET  /v1/puzzle?rows=R&cols=C&presses=N   a board of any game (the game flags) whose
                              proven fewest is N (or presses=random), as JSON
  GET  /metrics               Prometheus text format
Errors are JSON {\"error\": ...} with 400, 404, 405 or 413.

Examples:
  lightsout serve
  lightsout serve --addr 127.0.0.1:0 --exact-table tables/lights-5x5-exact.lot
  curl 'http://127.0.0.1:8080/v1/query?grid=0011101011100011101011100&moves=true'";

pub(super) const QUERY_HELP: &str = "\
Input: a line with the number of grids n, then n grids of 5 rows of 5 lights,
`0` off and `1` on, e.g.

  2
  00111
  01011
  10001
  11010
  11100

  11101
  11101
  11110
  11111
  11111

Blank lines between grids are optional; rows may also be written `0 0 1 1 1`;
`\\r\\n` line ends and trailing spaces are fine. Output: one line per grid, the fewest
presses, or -1 when more than --max-steps are needed or it cannot be done (a quarter of
all grids can be solved at all). Answers stream as grids arrive (at once when typing at
a terminal); a bad grid stops the run with its line and column, after the answers for
the grids before it.

Examples:
  lightsout query grids.txt
  lightsout query --moves grids.txt              with the cells to press
  lightsout query --target off grids.txt         fewest presses to all-off
  lightsout query --method algebra --max-steps 15 grids.txt
  lightsout query --table tables/lights-5x5-exact.lot --max-steps 15 grids.txt
  cat grids.txt | lightsout query -

Exit codes: 0 success, 1 bad input or table, 2 usage error.";

pub(super) const EXPLAIN_HELP: &str = "\
Reads boards as `solve` does (the shape from the first board, or --rows and --cols, and
any game flag: --topology, --rule, --game) and draws each with the presses `solve` gives,
to all off unless --target says: `#` on, `.` off, `[ ]` around each button to press, and
whether they are proven the fewest. A button map is drawn as the lights that are on and
the buttons to press; with more than two states (--states K, --game 2000) each row is
the lights' states beside each button's count. Colour only when stdout is a terminal and
NO_COLOR is unset or empty. --format png --out PATH writes a picture a board instead
(dark grey and yellow cells, presses in blue, rows and columns numbered as the text
numbers them, every few; about 1024 pixels a side, one pixel a cell for boards of 1024
or more), for boards too large to read as text.

--contest asks the classic 5x5 contest question instead, as `query` does: `query`'s
grids, the fewest presses to all on (or --target off), none past --max-steps (6), by
--method from --table; those three flags go with --contest.

Examples:
  lightsout explain board.txt
  lightsout explain --rows 5 --cols 6 extended_5x6.in
  lightsout explain --contest grids.txt
  lightsout explain --contest --method algebra --max-steps 15 grids.txt
  lightsout explain --rows 4000 --cols 4000 --format png --out presses.png board.txt

Exit codes: 0 success, 1 bad input or table, 2 usage error.";

pub(super) const SOLVE_HELP: &str = "\
Input: boards of R rows of C lights `0`/`1` (or `.`/`#`), digits adjacent or separated
by single spaces, a blank line after each; a first line with the number of boards n
is optional (the 5x6 contest format has one). Without --rows/--cols the shape is read
from the first board (its rows up to the blank line, the lights of its first row):

  0 1 1 0 1 0
  1 0 0 1 1 1
  0 0 1 0 0 1
  1 0 0 1 0 1
  0 1 1 1 0 0

Output, for each board m: `PUZZLE #m`, then R rows of C digits separated by one space,
1 = press; or the line `no solution`. The presses are the fewest possible whenever
comparing the 2^k solutions (k = null-space dimension) is estimated to fit
--search-time (2 s a board by default; or exactly --search-budget word operations);
otherwise the best solution a local search finds is printed at once, stderr gives a
proven lower bound for it (`note: board 1: 2,101 presses; the minimum is at least
570`), and at the end says how many boards are not proven minimal, how long proving
them would take, and the --search-time that would. --stats adds a line per board on
stderr: the method that proved it (or the bound) and its time.

With --format pbm, boards are PBM images (P1 plain or P4 raw, one after another; a set
pixel is a lit light), each of its own size, and each answer is a P4 image of the
presses in the same order; an image with no solution gets no answer image, and a note
on stderr names it (its number and how rare solvable images of its size are).

Other games: --topology (cylinder, torus, projective; --wrap is torus) and --rule
(cross, box, knight, ring, or a pattern like 010/111/010) change the grid's game, and
--game plays a built-in game or a button map file (`lightsout games` lists both). The
classic plus rule on a plane board is solved by light chasing at any size, every other
grid game by a general chase (up to 2^24 lights), and button maps by dense elimination
of their press matrix (up to 16,384 lights and buttons).

Examples:
  lightsout solve --rows 5 --cols 6 extended_5x6.in
  lightsout solve --rows 4 --cols 4 --wrap --rule box boards.txt
  lightsout solve --game cube --show
  lightsout solve --format pbm --target on board.pbm > presses.pbm
  printf '1\\n000\\n000\\n000\\n' | lightsout solve --rows 3 --cols 3 --target on

Exit codes: 0 success (including boards with no solution), 1 bad input, 2 usage error.";

pub(super) const STATS_HELP: &str = "\
Examples:
  lightsout stats
  lightsout stats --table tables/lights-5x5-exact.lot

Exit codes: 0 success, 1 missing or damaged table, 2 usage error.";

pub(super) const PUZZLES_HELP: &str = "\
5x5 grids (the default) are drawn uniformly from all grids that need exactly N presses
(N from 0 to 15), without repeats; the same --seed gives the same grids. Without --seed
a seed is chosen and printed on stderr, so any set can be made again. Without --table
the exact table is computed in memory (about 25 ms).

Any other game (--rows/--cols, --topology, --rule, --game, --states, as `solve` takes
them), or the 5x5 without --presses: random presses, a board kept when its solver proves
it needs exactly N (any number, without --presses), without repeats; written in the input
format of `solve` for that game, so they pipe into it.

Examples:
  lightsout puzzles --count 10 --presses 8 --seed 42 > level8.txt
  lightsout puzzles --count 3 --presses 15 | lightsout explain --contest --max-steps 15
  lightsout puzzles --game 2000 --presses 10 | lightsout solve --game 2000
  lightsout puzzles --rows 7 --cols 7 --wrap --count 5

Exit codes: 0 success, 1 fewer such grids exist than asked or a bad table, 2 usage error.";

pub(super) const GENERATE_HELP: &str = "\
The table is written to a temporary file beside PATH and renamed into place: a crash
never leaves half a table at PATH, and a program that has the old table mapped keeps
reading it. Every open checks the table's CRC-32, so even a file torn by a power loss
is refused rather than used; --sync adds an fsync before the rename for durability.
The bytes are the same on every run (tables/SHA256SUMS pins them). The default paths
are relative to the current directory, like any output file of a command.

Examples:
  lightsout generate
  lightsout generate --exact
  lightsout generate --out /tmp/d6.lot --force

Exit codes: 0 success, 1 cannot write (or PATH exists without --force), 2 usage error.";

pub(super) const VERIFY_HELP: &str = "\
Prints the depth histogram, then a verdict line: `ok: ...` when the table agrees with
first-row enumeration on every state, or the number of states where they disagree
(exit 1). On a terminal a progress bar shows on stderr (5-12 s).

Examples:
  lightsout verify
  lightsout verify --table tables/lights-5x5-d6.lot

Exit codes: 0 the table agrees everywhere, 1 a mismatch or a damaged table, 2 usage error.";

pub(super) const COMPLETIONS_HELP: &str = "\
Examples:
  mkdir -p ~/.local/share/bash-completion/completions
  lightsout completions bash > ~/.local/share/bash-completion/completions/lightsout
  lightsout completions zsh > ~/.zfunc/_lightsout
  lightsout completions fish > ~/.config/fish/completions/lightsout.fish";

pub(super) const MAN_HELP: &str = "\
Examples:
  lightsout man | man -l -
  lightsout man --dir ~/.local/share/man/man1     then `man lightsout-solve`
  lightsout man --dir man && man -l man/lightsout-solve.1";

pub(super) const CHECK_HELP: &str = "\
Input: BOARDS in the format `solve` reads (an optional count line, then the boards; the
shape read from the first board without --rows/--cols), and ANSWERS
in the format `solve` writes: for a grid game `PUZZLE #m` and the press pattern (rows
of `0`/`1`, 1 = press, digits adjacent or separated by spaces) or `no solution`; for a
button map one line a board (a digit a button) or `no solution`. With --states K, the
cells and counts are states 0..K-1 (single digits, or numbers separated by spaces past
K = 10), as `solve --states K` writes them. A `no solution` answer is checked too, by
solving the board.

Output: the count line (if BOARDS has one), then each board after its presses (in the input format, so it can
be fed back), and on stderr a line for each answer that is wrong (the lights that
differ from the target, the first by row and column), then a summary.

Examples:
  lightsout solve --rows 5 --cols 6 boards.txt > answers.txt
  lightsout check --rows 5 --cols 6 boards.txt answers.txt
  my-solver < boards.txt | lightsout check --rows 9 --cols 9 --wrap boards.txt -
  lightsout check --game cube cube-boards.txt cube-answers.txt

Exit codes: 0 every answer is right, 1 bad input, 2 usage error, 3 some answer is wrong.";

pub(super) const PLAY_HELP: &str = "\
Keys: the arrows move the cursor, Space or Enter presses, h marks a hint (one button
of a solution with the fewest presses), s marks the whole solution (marks stay until
pressed, and are planned again after a press elsewhere), u undoes, r redoes, x resets
the puzzle, n draws a new one, + and - set its difficulty (presses, or random), g
switches the goal between all off and all on (the position stays), q quits. The mouse
presses a light.
The coach's figure says whether it is proven the fewest; winning shows your moves
against the fewest.

Examples:
  lightsout play                                   the classic 5x5 game
  lightsout play --rows 9 --cols 9 --topology torus --rule cross
  lightsout play --game 2000 --target on           Lights Out 2000, every light green
  lightsout play --game cube                       the cube, drawn as its net
";
