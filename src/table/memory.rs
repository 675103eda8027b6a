//! Tables made in memory: the built-in table and `lightsout generate`'s, on 2 MiB pages
//! where the system grants them.

use super::TableKind;

/// A whole table file made in memory by [`TableKind::file_in_memory`].
pub struct TableFile {
    bytes: Bytes,
}

enum Bytes {
    /// An anonymous map; the file starts `at` bytes in, on a 2 MiB boundary. Never
    /// written after it is filled: a `TableFile` lends only `&[u8]`. (No maps in a
    /// browser.)
    #[cfg(not(target_arch = "wasm32"))]
    Map {
        map: memmap2::MmapMut,
        at: usize,
        len: usize,
    },
    Heap(Vec<u8>),
}

#[cfg(not(target_arch = "wasm32"))]
const HUGE_PAGE: usize = 2 << 20;

impl TableKind {
    /// The whole file, made in an anonymous map advised for 2 MiB pages where the system
    /// grants them (about 100 page faults for the 12 MiB table instead of 3,072, which
    /// cost more than its search: a 1-2 ms fill instead of 5), else on the heap.
    pub fn file_in_memory(self) -> TableFile {
        self.file_mapped().unwrap_or_else(|| TableFile {
            bytes: Bytes::Heap(self.file()),
        })
    }

    /// The file in an anonymous map, when the system grants one.
    #[cfg(not(target_arch = "wasm32"))]
    fn file_mapped(self) -> Option<TableFile> {
        let len = self.file_len();
        let mut map = memmap2::MmapMut::map_anon(len.checked_add(HUGE_PAGE)?).ok()?;
        // The file starts on a huge-page boundary, so every whole 2 MiB of it can be one.
        let at = (map.as_ptr() as usize).wrapping_neg() % HUGE_PAGE;
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        self.fill_file(&mut map[at..at + len]);
        Some(TableFile {
            bytes: Bytes::Map { map, at, len },
        })
    }

    /// No maps in a browser.
    #[cfg(target_arch = "wasm32")]
    fn file_mapped(self) -> Option<TableFile> {
        None
    }
}

impl AsRef<[u8]> for TableFile {
    fn as_ref(&self) -> &[u8] {
        match &self.bytes {
            #[cfg(not(target_arch = "wasm32"))]
            Bytes::Map { map, at, len } => &map[*at..*at + *len],
            Bytes::Heap(bytes) => bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_in_memory_is_the_file_on_a_huge_page_boundary() {
        for kind in [TableKind::Depth6, TableKind::Exact] {
            let file = kind.file_in_memory();
            assert_eq!(file.as_ref(), kind.file().as_slice());
            if let Bytes::Map { .. } = file.bytes {
                assert_eq!(file.as_ref().as_ptr() as usize % HUGE_PAGE, 0);
            }
        }
    }
}
