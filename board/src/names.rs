//! Players' names and their secrets: what a name may be, the one spelling two names are
//! compared in, the skeleton two names that look alike share, a secret kept only as its digest,
//! and HTML-escaping wherever a name is shown.

use sha2::{Digest, Sha256};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The longest name, in characters.
pub const MAX_NAME: usize = 24;
/// The shortest and longest secret, in characters.
pub const SECRET_LEN: std::ops::RangeInclusive<usize> = 16..=128;

/// Checks a name: 1 to `MAX_NAME` characters, with a letter or digit, no space at either end or
/// two together, and nothing that shows no mark of its own or moves what is around it: no
/// control, format (Cf), separator other than the space (line and paragraph separators,
/// other spaces), private-use, unassigned or default-ignorable character, nor a blank that
/// looks like a space (U+2800, the Hangul fillers). Such characters let "Alice" followed by
/// one of them stand beside "Alice" on a page that shows both alike.
pub fn check_name(name: &str) -> Result<(), String> {
    let count = name.chars().count();
    if count == 0 {
        return Err("the name is empty".into());
    }
    if count > MAX_NAME {
        return Err(format!("the name is {count} characters long; the most is {MAX_NAME}"));
    }
    if let Some(c) = name.chars().find(|&c| is_unshown(c)) {
        return Err(format!(
            "the name holds a character that shows nothing of its own (U+{:04X}): control, format, separator and invisible characters are refused",
            c as u32
        ));
    }
    if name.trim() != name || name.contains("  ") {
        return Err("the name starts or ends with a space, or has two together".into());
    }
    if !name.chars().any(char::is_alphanumeric) {
        return Err("the name has no letter or digit".into());
    }
    Ok(())
}

/// Whether `c` shows nothing of its own, or changes how what is around it shows.
fn is_unshown(c: char) -> bool {
    if c == ' ' {
        return false;
    }
    matches!(
        c.general_category(),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::Surrogate
            | GeneralCategory::PrivateUse
            | GeneralCategory::Unassigned
            | GeneralCategory::SpaceSeparator
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
    ) || is_default_ignorable(c)
        || matches!(c as u32, 0x2800 | 0x115F | 0x1160 | 0x3164 | 0xFFA0)
}

/// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters a font
/// shows as nothing, whatever their category (variation selectors, fillers, the Mongolian free
/// variation selectors, the musical beam marks, tags, and those kept for them).
fn is_default_ignorable(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// Checks a secret: `SECRET_LEN` characters of `A-Z a-z 0-9 - _`.
pub fn check_secret(secret: &str) -> Result<(), String> {
    if !SECRET_LEN.contains(&secret.len()) {
        return Err(format!(
            "the secret must be {} to {} characters long",
            SECRET_LEN.start(),
            SECRET_LEN.end()
        ));
    }
    if !secret
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err("the secret may hold only letters, digits, - and _".into());
    }
    Ok(())
}

/// The spelling names are compared in: "Ann" and "ann" are one name.
pub fn fold(name: &str) -> String {
    name.to_lowercase()
}

/// What a name looks like, as Unicode's security mechanisms (TS #39) compare identifiers: its
/// compatibility form (NFKC: "Ａｌｉｃｅ" and "𝐀lice" are "Alice") in lower case, then its
/// confusable skeleton (Cyrillic "а" is Latin "a", "1" and "I" are "l"). Two names with one
/// skeleton read alike; a new name whose skeleton a held name has is refused.
pub fn skeleton(name: &str) -> String {
    let folded: String = name.nfkc().collect::<String>().to_lowercase().nfkc().collect();
    unicode_security::confusable_detection::skeleton(&folded).collect()
}

/// The hex SHA-256 of `bytes`.
pub fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// `text` safe to put in HTML, in an element or an attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for good in ["Ann", "ann the brave", "Åsa-9", "李小龍", "x"] {
            assert_eq!(check_name(good), Ok(()), "{good}");
        }
        for bad in [
            "",
            " Ann",
            "Ann ",
            "A  nn",
            "Ann\n",
            "A\u{0}nn",
            "An\u{202E}n",
            "A\u{200B}",
            "---",
            "abcdefghijklmnopqrstuvwxy",
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert_eq!(fold("ÅSA"), fold("åsa"));
    }

    #[test]
    fn names_that_look_alike_share_a_skeleton_and_unseen_characters_are_refused() {
        // Each read "Alice" on the board's page beside the real one (an audit of ff3d434).
        for alike in ["Аlice", "Ａｌｉｃｅ", "𝐀lice", "ALICE", "A1ice"] {
            assert!(check_name(alike).is_ok(), "{alike:?} is a name");
            assert_eq!(skeleton(alike), skeleton("Alice"), "{alike:?} looks like Alice");
        }
        for unseen in [
            "Alice\u{2800}",
            "Alice\u{180B}",
            "Alice\u{0600}",
            "Alice\u{070F}",
            "Alice\u{1D173}",
            "Alice\u{13430}",
            "Ali\u{2028}ce",
            "Ali\u{2029}ce",
            "Ali\u{00A0}ce",
            "Ali\u{3000}ce",
            "Alice\u{FE0F}",
            "Alice\u{E0041}",
            "Alice\u{E000}",
            "Alice\u{0378}",
        ] {
            assert!(check_name(unseen).is_err(), "{unseen:?} is refused");
        }
        // Other names are other names.
        for other in ["Alicia", "Bob", "Ann the brave", "李小龍", "Åsa-9"] {
            assert!(check_name(other).is_ok(), "{other}");
            assert_ne!(skeleton(other), skeleton("Alice"), "{other}");
        }
        assert_ne!(skeleton("Ann"), skeleton("Anne"));
    }

    #[test]
    fn secrets() {
        assert!(check_secret("abcdefghijklmnop").is_ok());
        assert!(check_secret("short").is_err());
        assert!(check_secret("abcdefghijklmnop<").is_err());
        assert!(check_secret(&"a".repeat(129)).is_err());
        assert_eq!(
            digest(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn escaping() {
        assert_eq!(
            escape("<script>alert('x') & \"y\"</script>"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;"
        );
    }
}
