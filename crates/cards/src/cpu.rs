//! What this CPU does fast, for the crates that choose a bit-manipulation
//! path at run time: the double-dummy solver's table keys and move groups,
//! and the open-card solver's random playouts. Hands are `u64` bitboards,
//! and BMI2's `pdep` and `pext` select and gather their bits in one
//! instruction each where the CPU runs them in hardware.

/// Whether this CPU has BMI2 and runs `pdep` and `pext` in hardware. AMD
/// processors before Zen 3 (families 15h to 18h) and Hygon's (built on
/// Zen 1) run them in microcode, tens to hundreds of cycles each by the
/// published instruction timings, slower than the portable code. Asked of
/// the CPU once.
#[must_use]
pub fn fast_pdep_pext() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *FAST.get_or_init(|| {
            use core::arch::x86_64::__cpuid;
            if !std::is_x86_feature_detected!("bmi2") {
                return false;
            }
            #[allow(unused_unsafe)]
            // SAFETY: CPUID is there on every x86-64 CPU.
            let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
            // The vendor string lies in EBX, EDX, ECX of leaf 0.
            pdep_pext_in_hardware([vendor.ebx, vendor.edx, vendor.ecx], signature)
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// For a CPU with BMI2, whether it runs `pdep` and `pext` in hardware,
/// from its vendor string (CPUID leaf 0: EBX, EDX, ECX) and its signature
/// (leaf 1: EAX).
fn pdep_pext_in_hardware(vendor: [u32; 3], signature: u32) -> bool {
    if vendor == vendor_words(b"HygonGenuine") {
        return false;
    }
    if vendor != vendor_words(b"AuthenticAMD") {
        return true;
    }
    // AMD's family: the base family, plus the extended family when the
    // base is 0Fh (every AMD processor with BMI2).
    let base = signature >> 8 & 0xf;
    let family = if base == 0xf {
        base + (signature >> 20 & 0xff)
    } else {
        base
    };
    family >= 0x19
}

/// A vendor string as CPUID leaf 0 gives it: EBX, EDX, ECX.
fn vendor_words(name: &[u8; 12]) -> [u32; 3] {
    [0, 4, 8].map(|i| u32::from_le_bytes([name[i], name[i + 1], name[i + 2], name[i + 3]]))
}

#[cfg(test)]
mod tests {
    use super::{pdep_pext_in_hardware, vendor_words as vendor};

    #[test]
    fn amd_before_zen_3_and_hygon_run_pdep_in_microcode() {
        let amd = vendor(b"AuthenticAMD");
        // Signatures (CPUID leaf 1, EAX) of real processors.
        assert!(!pdep_pext_in_hardware(amd, 0x0066_0F01), "Excavator, 15h");
        assert!(!pdep_pext_in_hardware(amd, 0x0080_0F11), "Zen 1, 17h");
        assert!(!pdep_pext_in_hardware(amd, 0x0083_0F10), "Zen 2, 17h");
        assert!(pdep_pext_in_hardware(amd, 0x00A0_0F11), "Zen 3, 19h");
        assert!(pdep_pext_in_hardware(amd, 0x00A1_0F11), "Zen 4, 19h");
        assert!(pdep_pext_in_hardware(amd, 0x00B0_0F00), "Zen 5, 1Ah");
        let hygon = vendor(b"HygonGenuine");
        assert!(!pdep_pext_in_hardware(hygon, 0x0090_0F01), "Dhyana, 18h");
        let intel = vendor(b"GenuineIntel");
        assert!(pdep_pext_in_hardware(intel, 0x0005_06E3), "Skylake");
        assert!(pdep_pext_in_hardware(intel, 0x000A_06A4), "Meteor Lake");
    }

    #[test]
    fn the_answer_holds_on_this_machine() {
        // Asked twice, the same answer; never without BMI2.
        let fast = super::fast_pdep_pext();
        assert_eq!(fast, super::fast_pdep_pext());
        #[cfg(target_arch = "x86_64")]
        if fast {
            assert!(std::is_x86_feature_detected!("bmi2"));
        }
    }
}
