//! `lightsout play` in a terminal: ratatui draws the session, crossterm brings keys
//! and mouse clicks.

use super::session::{Marking, Session};
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, MouseButton,
    MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::{DefaultTerminal, Frame};

/// State 0 deep blue; then the Okabe-Ito colours (as the page).
const PALETTE: [Color; 9] = [
    Color::Rgb(29, 43, 83),
    Color::Rgb(255, 200, 61),
    Color::Rgb(86, 180, 233),
    Color::Rgb(0, 158, 115),
    Color::Rgb(240, 228, 66),
    Color::Rgb(213, 94, 0),
    Color::Rgb(204, 121, 167),
    Color::Rgb(230, 230, 230),
    Color::Rgb(140, 109, 49),
];

/// Columns a light takes on the screen.
const CELL: u16 = 3;

/// Rows above the board: the title, the coach, the moves, a message.
const HEADER: u16 = 4;

/// Rows below the board: the keys.
const FOOTER: u16 = 2;

/// Plays until the player quits; the terminal is restored whatever happens.
pub(crate) fn run(mut session: Session, title: String) -> anyhow::Result<()> {
    let mut terminal = ratatui::init();
    let mouse = execute!(std::io::stdout(), EnableMouseCapture);
    let result = play(&mut terminal, &mut session, &title);
    if mouse.is_ok() {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
    }
    ratatui::restore();
    result
}

/// Where the board's top-left light is drawn, and the first row and column of the
/// drawing shown (a board larger than the screen scrolls with the cursor).
#[derive(Default, Clone, Copy)]
struct View {
    area: Rect,
    first_row: usize,
    first_col: usize,
}

fn play(terminal: &mut DefaultTerminal, session: &mut Session, title: &str) -> anyhow::Result<()> {
    let mut view = View::default();
    let mut message = String::new();
    loop {
        terminal.draw(|frame| view = draw(frame, session, title, &message, view))?;
        message.clear();
        match event::read()? {
            Event::Key(key) if key.kind == KeyEventKind::Press => match key.code {
                KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                KeyCode::Up => session.move_cursor(-1, 0),
                KeyCode::Down => session.move_cursor(1, 0),
                KeyCode::Left => session.move_cursor(0, -1),
                KeyCode::Right => session.move_cursor(0, 1),
                KeyCode::Char(' ') | KeyCode::Enter => session.press(session.cursor),
                KeyCode::Char('h') => session.mark(Marking::Hint),
                KeyCode::Char('s') => session.toggle_solution(),
                KeyCode::Char('u') => session.undo(),
                KeyCode::Char('r') => session.redo(),
                KeyCode::Char('x') => session.reset(),
                KeyCode::Char('n') => session.new_puzzle(),
                KeyCode::Char('g') => session.toggle_goal(),
                KeyCode::Char('+') | KeyCode::Char('=') => session.harder(true),
                KeyCode::Char('-') => session.harder(false),
                _ => message = "that key does nothing here; the keys are below".to_string(),
            },
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                if let Some(light) = light_at(session, view, m.column, m.row) {
                    session.cursor = light;
                    session.press(light);
                }
            }
            _ => {}
        }
    }
}

/// The light drawn at screen column `x`, row `y`.
fn light_at(session: &Session, view: View, x: u16, y: u16) -> Option<usize> {
    let area = view.area;
    if x < area.x || y < area.y || x >= area.x + area.width || y >= area.y + area.height {
        return None;
    }
    let row = view.first_row + usize::from(y - area.y);
    let col = view.first_col + usize::from((x - area.x) / CELL);
    session.layout.light_at(row, col)
}

fn draw(frame: &mut Frame, session: &Session, title: &str, message: &str, old: View) -> View {
    let screen = frame.area();
    let k = session.states();
    let goal = match session.goal() {
        0 => "all off".to_string(),
        g if g == k - 1 => "all on".to_string(),
        g => format!("every light {g}"),
    };
    let difficulty = match session.difficulty {
        None => "random".to_string(),
        Some(n) => format!("{n} presses"),
    };
    let status = session.win_line().unwrap_or_else(|| message.to_string());
    let header = vec![
        Line::from(Span::styled(
            format!("{title} | goal: {goal}"),
            Style::new().add_modifier(Modifier::BOLD),
        )),
        Line::from(session.coach_line()),
        Line::from(format!(
            "Moves: {}   Next puzzle: {difficulty}",
            session.moves
        )),
        Line::from(Span::styled(status, Style::new().fg(Color::Green))),
    ];
    let top = Rect::new(0, 0, screen.width, HEADER.min(screen.height));
    frame.render_widget(Paragraph::new(header), top);
    let keys = "keys: arrows move, space presses, h hint, s solution (marked: press once, \
                ² twice, ...), u undo, r redo, x reset, n new puzzle, +/- difficulty, g goal, \
                q quit; the mouse presses";
    if screen.height > HEADER + FOOTER {
        let bottom = Rect::new(0, screen.height - FOOTER, screen.width, FOOTER);
        frame.render_widget(
            Paragraph::new(keys).wrap(ratatui::widgets::Wrap { trim: true }),
            bottom,
        );
    }
    let area = Rect::new(
        0,
        HEADER.min(screen.height),
        screen.width,
        screen.height.saturating_sub(HEADER + FOOTER),
    );
    // Scroll so the cursor stays in view.
    let (rows, cols) = (usize::from(area.height), usize::from(area.width / CELL));
    let (cr, cc) = session.layout.cells[session.cursor];
    let follow = |first: usize, at: usize, room: usize| {
        if room == 0 || (at >= first && at < first + room) {
            first
        } else if at < first {
            at
        } else {
            at + 1 - room
        }
    };
    let view = View {
        area,
        first_row: follow(old.first_row, cr, rows),
        first_col: follow(old.first_col, cc, cols),
    };
    let lines: Vec<Line> = (view.first_row..session.layout.rows.min(view.first_row + rows))
        .map(|r| {
            let spans: Vec<Span> = (view.first_col..session.layout.cols.min(view.first_col + cols))
                .map(|c| cell(session, r, c))
                .collect();
            Line::from(spans)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
    view
}

/// One light as three characters: its colour, its state's digit when there are more
/// than two, `[ ]` around the cursor, and a mark (`*`, or the presses marked) to press.
fn cell(session: &Session, r: usize, c: usize) -> Span<'static> {
    let Some(light) = session.layout.light_at(r, c) else {
        return Span::raw("   ");
    };
    let k = session.states();
    let state = session.lights[light];
    let mark = session.marks.get(light).copied().unwrap_or(0);
    let at = light == session.cursor;
    let middle = match (mark, k) {
        (0, 2) => ' ',
        (0, _) => char::from(b'0' + state % 10),
        (m, _) => super::session::mark_glyph(m),
    };
    let (left, right) = if at { ('[', ']') } else { (' ', ' ') };
    let colour = PALETTE[usize::from(state) % PALETTE.len()];
    let ink = if state == 0 {
        Color::White
    } else {
        Color::Black
    };
    let mut style = Style::new().bg(colour).fg(ink);
    if mark > 0 {
        style = style.add_modifier(Modifier::BOLD);
    }
    Span::styled(format!("{left}{middle}{right}"), style)
}
