package io.crosscheck.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The RFC 4180 rows every CSV reader of crosscheck goes through, and the one field writer. */
class CsvRowsTest {
  @Test
  void quotedFieldsKeepCommasQuotesAndLineEndsAndLinesAreCounted() throws Exception {
    String text = "a,b,c\n1,\"x, \"\"y\"\"\nz\",3\r\n\n4,,6\n";
    CsvRows rows = new CsvRows(new StringReader(text), "t.csv");
    assertEquals(List.of("a", "b", "c"), rows.header("a,b,c"));
    assertTrue(rows.nextDataRow(3));
    assertEquals(2, rows.line());
    assertEquals(List.of("1", "x, \"y\"\nz", "3"), rows.texts());
    assertTrue(rows.nextDataRow(3), "the blank line is skipped");
    assertEquals(5, rows.line(), "the quoted line end counts");
    assertEquals(List.of("4", "", "6"), rows.texts());
    assertEquals(6, rows.decimal(2, 9));
    assertEquals(CsvRows.NOT_SIMPLE, rows.decimal(1, 9));
    assertFalse(rows.nextDataRow(3));
    assertNull(rows.torn());
  }

  @Test
  void aLastRowWithoutItsLineEndIsTornAndAShortRowInsideTheFileFails() throws Exception {
    CsvRows cut = new CsvRows(new StringReader("a,b,c\n1,2,3\n4,5"), "t.csv");
    cut.header("a,b,c");
    assertTrue(cut.nextDataRow(3));
    assertFalse(cut.nextDataRow(3));
    assertEquals(new CsvRows.Torn(3, 3, "no line end (2 of 3 columns)"), cut.torn());

    CsvRows shortRow = new CsvRows(new StringReader("a,b,c\n1,2\n4,5,6\n"), "t.csv");
    shortRow.header("a,b,c");
    CsvFormatException e = assertThrows(CsvFormatException.class, () -> shortRow.nextDataRow(3));
    assertEquals("t.csv:2: 2 columns (expected 3)", e.getMessage());
    CsvFormatException empty = assertThrows(CsvFormatException.class,
        () -> new CsvRows(new StringReader(""), "e.csv").header("a,b"));
    assertEquals("e.csv:1: empty file (expected the header a,b)", empty.getMessage());
  }

  @Test
  void aFieldWrittenByAppendFieldReadsBackAsItWas() throws Exception {
    List<String> values = List.of("plain", "with,comma", "with \"quotes\"", "two\nlines", "cr\r", "");
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < values.size(); i++) {
      CsvRows.appendField(sb.append(i == 0 ? "" : ","), values.get(i));
    }
    assertEquals("plain,\"with,comma\",\"with \"\"quotes\"\"\",\"two\nlines\",\"cr\r\",", sb.toString());
    CsvRows rows = new CsvRows(new StringReader(sb + "\n"), "w.csv");
    assertTrue(rows.next());
    assertEquals(values, rows.texts());
    assertEquals("", CsvRows.appendField(new StringBuilder(), null).toString(), "null writes nothing");
  }
}
