package io.crosscheck.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PrintableTest {
  @Test
  void escapesC0DelC1AndEscapeSequences() {
    assertEquals("/d\\e[2J", Printable.escape("/d\u001b[2J"));
    assertEquals("/c\\e]0;PWNED\\x07", Printable.escape("/c\u001b]0;PWNED\u0007"));
    assertEquals("a\\0b", Printable.escape("a\u0000b"));
    assertEquals("\\x7f\\u009b\\u0085", Printable.escape("\u007f\u009b\u0085"));
    assertEquals("\\t\\r\\n", Printable.escape("\t\r\n"));
    assertEquals("\\u202eevil", Printable.escape("\u202eevil"));
    assertEquals("\\ud800x", Printable.escape("\ud800x"), "an unpaired surrogate");
  }

  @Test
  void leavesOrdinaryTextAloneIncludingNonAsciiLetters() {
    String text = "/caf\u00e9/\u65e5\u672c/\ud83d\ude00?a=b&c=d\\e";
    assertEquals(text, Printable.escape(text));
    assertFalse(Printable.hasControl(text));
  }

  @Test
  void keepsTheNewlinesOfAReport() {
    assertEquals("a\\e[2J\nb\r\nc\\r", Printable.escapeKeepingNewlines("a\u001b[2J\nb\r\nc\r"));
  }

  @Test
  void quotedCutsALongValueAndSaysHowLongItWas() {
    String quoted = Printable.quoted("/" + "a".repeat(50_000_000));
    assertTrue(quoted.endsWith("... (50000001 characters)"), quoted.substring(190));
    assertTrue(quoted.length() < 250, String.valueOf(quoted.length()));
  }
}
