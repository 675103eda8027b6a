//! The vector width of a search, decided once.

#[cfg(target_arch = "x86_64")]
use super::registers;

/// The vector width the transform's kernels run at: decided once, when a search is
/// built ([`Width::of_processor`]), and passed as a value to every kernel (as
/// regex-automata's wrappers hold the engines a regex may run), so no kernel asks the
/// processor again and a test can run the plain loops on any machine. A width of
/// AVX2 or AVX-512 exists only where the processor has it: that is what makes the
/// kernels' `unsafe` calls sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::solve) struct Width(Registers);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Registers {
    Plain,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Width {
    /// The widest this processor runs (AVX-512 BW, AVX2, each with POPCNT; else plain).
    pub(in crate::solve::search) fn of_processor() -> Width {
        #[cfg(target_arch = "x86_64")]
        {
            if registers::has_avx512() {
                return Width(Registers::Avx512);
            }
            if registers::has_avx2() {
                return Width(Registers::Avx2);
            }
        }
        Width(Registers::Plain)
    }

    /// This processor's width, asked of it once a process: what every engine's kernels
    /// (the transform's, the arithmetic mod K's, the census's) run at.
    pub(in crate::solve) fn here() -> Width {
        static HERE: std::sync::OnceLock<Width> = std::sync::OnceLock::new();
        *HERE.get_or_init(Width::of_processor)
    }

    /// The plain loops, on any processor.
    #[cfg(test)]
    pub(in crate::solve::search) fn plain() -> Width {
        Width(Registers::Plain)
    }

    /// Every width this processor runs, the plain loops first.
    #[cfg(test)]
    pub(in crate::solve::search) fn all_here() -> Vec<Width> {
        let mut all = vec![Width(Registers::Plain)];
        #[cfg(target_arch = "x86_64")]
        {
            if registers::has_avx2() {
                all.push(Width(Registers::Avx2));
            }
            if registers::has_avx512() {
                all.push(Width(Registers::Avx512));
            }
        }
        all
    }

    /// Whether AVX2 and POPCNT may run (AVX-512 processors have them too); asked by
    /// the x86-64 kernels only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(in crate::solve) fn avx2(self) -> bool {
        self.0 != Registers::Plain
    }

    /// Whether AVX-512 BW and POPCNT may run.
    pub(in crate::solve::search) fn avx512(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            self.0 == Registers::Avx512
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    }
}
