use super::*;

/// graph6 of `edges` on `n` vertices, written as nauty's formats.txt specifies (an
/// encoder for the tests, apart from the decoder).
fn graph6(n: usize, edges: &[(usize, usize)]) -> String {
    let mut bits = Vec::new();
    for j in 1..n {
        for i in 0..j {
            bits.push(edges.contains(&(i, j)) || edges.contains(&(j, i)));
        }
    }
    encode(n, &bits, "")
}

fn digraph6(n: usize, arcs: &[(usize, usize)]) -> String {
    let bits: Vec<bool> = (0..n * n).map(|i| arcs.contains(&(i / n, i % n))).collect();
    encode(n, &bits, "&")
}

fn encode(n: usize, bits: &[bool], prefix: &str) -> String {
    let mut out = prefix.to_string();
    if n < 63 {
        out.push((n as u8 + 63) as char);
    } else {
        out.push('~');
        for shift in [12, 6, 0] {
            out.push(((n >> shift & 63) as u8 + 63) as char);
        }
    }
    for chunk in bits.chunks(6) {
        let v = (0..6).fold(0u8, |v, i| v << 1 | u8::from(chunk.get(i) == Some(&true)));
        out.push((v + 63) as char);
    }
    out
}

fn edges_of(graph: &Graph) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (u, reach) in graph.reach.iter().enumerate() {
        for &v in reach {
            if graph.directed || u <= v as usize {
                out.push((u, v as usize));
            }
        }
    }
    out
}

#[test]
fn graph6_and_digraph6_read_what_the_specification_writes() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for n in [1usize, 2, 5, 7, 12, 63, 64, 70] {
        for _ in 0..4 {
            let mut edges = Vec::new();
            for j in 1..n {
                for i in 0..j {
                    if next() % 3 == 0 {
                        edges.push((i, j));
                    }
                }
            }
            let g = nauty_line(graph6(n, &edges).as_bytes(), 1).unwrap();
            let mut by_first = edges.clone();
            by_first.sort_unstable();
            assert_eq!((g.vertices, edges_of(&g)), (n, by_first));
            let header = format!(">>graph6<<{}", graph6(n, &edges));
            assert_eq!(nauty_line(header.as_bytes(), 1).unwrap(), g);
            let arcs: Vec<(usize, usize)> = edges.iter().map(|&(i, j)| (j, i)).collect();
            let mut sorted = arcs.clone();
            sorted.sort_unstable();
            let d = nauty_line(digraph6(n, &arcs).as_bytes(), 1).unwrap();
            assert!(d.directed);
            assert_eq!(edges_of(&d), sorted);
        }
    }
}

#[test]
fn sparse6_reads_the_specifications_example() {
    // nauty's formats.txt: `:Fa@x^` is the graph on 7 vertices with edges 0-1, 0-2,
    // 1-2 and 5-6.
    let g = nauty_line(b":Fa@x^", 1).unwrap();
    assert_eq!(g.vertices, 7);
    assert_eq!(edges_of(&g), [(0, 1), (0, 2), (1, 2), (5, 6)]);
}

#[test]
fn edge_lists_and_dimacs_read_the_same_graph() {
    let cycle = [(0, 1), (0, 3), (1, 2), (2, 3)];
    let zero = parse("# a 4-cycle\n0 1\n1 2\n2 3\n3 0\n", Format::EdgeList).unwrap();
    assert_eq!((zero.vertices, edges_of(&zero)), (4, cycle.to_vec()));
    let one = parse("1 2\n2 3\n3 4\n4 1\n", Format::EdgeList).unwrap();
    assert_eq!(one, zero);
    // `n m` first: 5 vertices, the last alone.
    let headed = parse("5 4\n1 2\n2 3\n3 4\n4 1\n", Format::EdgeList).unwrap();
    assert_eq!(headed.vertices, 5);
    let dimacs = parse(
        "c a 4-cycle\np edge 4 4\ne 1 2\ne 2 3\ne 3 4\ne 4 1\n",
        Format::Dimacs,
    );
    assert_eq!(dimacs.unwrap(), zero);
    for (text, format) in [
        ("0 1\n1 2\n2 3\n3 0\n", Format::EdgeList),
        ("p edge 4 4\ne 1 2\n", Format::Dimacs),
        (">>graph6<<Cr", Format::Graph6),
        (":Fa@x^", Format::Sparse6),
        ("&C??", Format::Digraph6),
        ("Cr\n", Format::Graph6),
    ] {
        assert_eq!(Format::of(text), Some(format), "{text}");
    }
    assert_eq!(Format::of("# Merlin\nlights 9\n1 2\n"), None);
}

#[test]
fn bad_graphs_are_located() {
    let err = parse("0 1\n1 x\n", Format::EdgeList).unwrap_err();
    assert!(err.to_string().starts_with("line 2, column 3"), "{err}");
    let err = parse("p edge 3 1\ne 1 4\n", Format::Dimacs).unwrap_err();
    assert!(err.to_string().contains("vertex 4"), "{err}");
    // A vertex number at the top of u64 is refused by the count, not wrapped.
    let err = parse("0 18446744073709551615\n", Format::EdgeList).unwrap_err();
    assert!(
        err.to_string().contains("18446744073709551615 vertices"),
        "{err}"
    );
    let err = nauty_line(b"D?", 1).unwrap_err();
    assert!(err.to_string().contains("characters of edges"), "{err}");
    let err = nauty_line(b"C r", 1).unwrap_err();
    assert!(err.to_string().starts_with("line 1, column 2"), "{err}");
}

#[test]
fn orbix_is_the_open_neighbourhood_game_of_the_icosahedron() {
    let orbix = crate::rules::builtin::find("orbix").unwrap().game();
    let mut text = String::new();
    for b in 0..orbix.buttons() {
        for &(light, _) in orbix.pattern(b).iter() {
            if b < light as usize {
                text += &format!("{b} {light}\n");
            }
        }
    }
    let graph = parse(&text, Format::EdgeList).unwrap();
    let game = graph.game(Neighbourhood::Open, 2).unwrap();
    for b in 0..12 {
        assert_eq!(game.pattern(b), orbix.pattern(b), "button {b}");
    }
    // σ+ adds each vertex to its own press.
    let plus = graph.game(Neighbourhood::Closed, 2).unwrap();
    assert_eq!(plus.pattern(0).len(), 6);
}

#[test]
fn a_circle_gives_each_vertex_a_cell() {
    for n in 1..=MAX_CIRCLE {
        assert!(circle(n).fits(n), "{n}");
    }
}

/// The Petersen graph (`IheA@GUAo`) around the circle has its five spokes meet in the
/// middle; its drawing crosses less, and every drawing of a graph of up to 64
/// vertices gives each vertex a cell of its own.
#[test]
fn a_drawing_crosses_less_than_the_circle_and_gives_each_vertex_a_cell() {
    let petersen = nauty_line(b"IheA@GUAo", 1).unwrap();
    let edges = drawing::edges(&petersen);
    assert_eq!(edges.len(), 15);
    let round = drawing::crossings(&circle(10), &edges);
    let drawn = drawing::drawing(&petersen);
    assert!(drawn.fits(10));
    assert!(drawing::crossings(&drawn, &edges) < round, "{drawn:?}");
    // Paths, cycles, stars, complete graphs and grids of every size to 64 vertices.
    for n in 1..=MAX_CIRCLE {
        let path: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        let star: Vec<(usize, usize)> = (1..n).map(|i| (0, i)).collect();
        let complete: Vec<(usize, usize)> = (0..n.min(12))
            .flat_map(|i| (0..i).map(move |j| (j, i)))
            .collect();
        for edges in [path, star, complete] {
            let graph = nauty_line(graph6(n, &edges).as_bytes(), 1).unwrap();
            assert!(drawing::drawing(&graph).fits(n), "{n} {edges:?}");
        }
    }
}

/// The Petersen graph is drawn as it is known: a pentagon around a pentagram, each inner
/// vertex inside its outer partner; so are the other generalized Petersen graphs (the
/// prism GP(6, 1), Dürer's GP(6, 2), Desargues' GP(10, 3)).
#[test]
fn generalized_petersen_graphs_are_drawn_as_their_family() {
    let gp = |m: usize, k: usize| -> Vec<(usize, usize)> {
        (0..m)
            .flat_map(|i| [(i, (i + 1) % m), (i, m + i), (m + i, m + (i + k) % m)])
            .map(|(u, v)| (u.min(v), u.max(v)))
            .collect()
    };
    for (m, k) in [(5, 2), (6, 1), (6, 2), (10, 3), (8, 3), (20, 3)] {
        let edges = gp(m, k);
        let graph = nauty_line(graph6(2 * m, &edges).as_bytes(), 1).unwrap();
        let drawn = drawing::drawing(&graph);
        assert!(drawn.fits(2 * m), "GP({m}, {k}): {drawn:?}");
        let centre = (drawn.rows as f64 - 1.0) / 2.0;
        let far = |v: usize| {
            let (r, c) = drawn.cells[v];
            ((r as f64 - centre).powi(2) + (c as f64 - centre).powi(2)).sqrt()
        };
        // Every outer vertex farther out than every inner one.
        let inner_most = (m..2 * m).map(far).fold(0.0, f64::max);
        let outer_least = (0..m).map(far).fold(f64::MAX, f64::min);
        assert!(outer_least > inner_most, "GP({m}, {k}): {drawn:?}");
    }
    // The Petersen graph as graph6 gives: its outer ring is some 5-cycle.
    let petersen = nauty_line(b"IheA@GUAo", 1).unwrap();
    let drawn = drawing::drawing(&petersen);
    let centre = (drawn.rows as f64 - 1.0) / 2.0;
    let mut far: Vec<f64> = drawn
        .cells
        .iter()
        .map(|&(r, c)| ((r as f64 - centre).powi(2) + (c as f64 - centre).powi(2)).sqrt())
        .collect();
    far.sort_by(f64::total_cmp);
    assert!(far[4] < far[5], "two rings of five: {drawn:?}");
}
