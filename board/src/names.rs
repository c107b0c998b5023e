//! Players' names and their secrets: what a name may be, the one spelling two names are
//! compared in, a secret kept only as its digest, and HTML-escaping wherever a name is shown.

use sha2::{Digest, Sha256};

/// The longest name, in characters.
pub const MAX_NAME: usize = 24;
/// The shortest and longest secret, in characters.
pub const SECRET_LEN: std::ops::RangeInclusive<usize> = 16..=128;

/// Checks a name: 1 to `MAX_NAME` characters, no control or invisible formatting characters
/// (which could hide or reorder what is shown), no space at either end or two together.
pub fn check_name(name: &str) -> Result<(), String> {
    let count = name.chars().count();
    if count == 0 {
        return Err("the name is empty".into());
    }
    if count > MAX_NAME {
        return Err(format!("the name is {count} characters long; the most is {MAX_NAME}"));
    }
    if let Some(c) = name.chars().find(|&c| c.is_control() || is_invisible(c)) {
        return Err(format!(
            "the name holds a control or invisible character (U+{:04X})",
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

/// Formatting characters that change how text is shown without showing themselves: zero-width
/// spaces and joiners, direction marks and overrides, the word joiner and its kin, the BOM.
fn is_invisible(c: char) -> bool {
    matches!(c as u32, 0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180E
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0xE0000..=0xE0FFF)
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
