//! A keeper of bytes in memory, for the tests of kept searches (the shared disk of a
//! cluster, as one map).

use crate::solve::search::progress::{Change, Keeper};

/// Bytes kept in memory (for tests).
#[derive(Debug, Default)]
pub(in crate::solve) struct Memory(std::sync::Mutex<std::collections::HashMap<String, Vec<u8>>>);

impl Keeper for Memory {
    fn read(&self, name: &str, most: u64) -> Result<Option<Vec<u8>>, String> {
        match self.0.lock().unwrap().get(name) {
            Some(bytes) if bytes.len() as u64 > most => Err("too long".into()),
            found => Ok(found.cloned()),
        }
    }
    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        self.0
            .lock()
            .unwrap()
            .insert(name.to_string(), bytes.to_vec());
        Ok(())
    }
    fn remove(&self, name: &str) {
        self.0.lock().unwrap().remove(name);
    }
    fn place(&self, name: &str) -> String {
        format!("memory:{name}")
    }
    fn names(&self, prefix: &str) -> Vec<String> {
        let map = self.0.lock().unwrap();
        map.keys()
            .filter(|n| n.starts_with(prefix))
            .cloned()
            .collect()
    }
    fn update(&self, name: &str, most: u64, change: &mut Change<'_>) -> std::io::Result<()> {
        // The map's lock held from the read to the write.
        let mut map = self.0.lock().unwrap();
        let now = map.get(name).filter(|b| b.len() as u64 <= most);
        if let Some(bytes) = change(now.map(Vec::as_slice)) {
            map.insert(name.to_string(), bytes);
        }
        Ok(())
    }
}

impl Memory {
    /// The only bytes kept.
    pub(in crate::solve::search) fn only(&self) -> (String, Vec<u8>) {
        let map = self.0.lock().unwrap();
        assert_eq!(map.len(), 1);
        let (name, bytes) = map.iter().next().unwrap();
        (name.clone(), bytes.clone())
    }

    pub(in crate::solve::search) fn put(&self, name: &str, bytes: &[u8]) {
        self.write(name, bytes).unwrap();
    }
}
