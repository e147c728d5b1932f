package io.crosscheck.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The RBE's options on crosscheck's command line: every mistake listed at once with the RBE's option
 * name and what it expects, exit 2, nothing started; an RBE option without --tpcw is refused.
 */
class TpcwCliTest {
  private record Ran(int exitCode, String err) {}

  private static Ran cli(String... args) {
    CommandLine cl = Main.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    return new Ran(cl.execute(args), err.toString());
  }

  @Test
  void everyBadRbeOptionIsListedAtOnceAndNothingStarts(@TempDir Path out) throws Exception {
    Ran r = cli("run", "--tpcw", "shopping", "-EB", "rbe.EBTPCW1Factory", "10", "-ITEM", "5000", "-GETIM", "maybe",
        "-TT", "0", "-CUST", "0", "--out", out.toString(), "--progress", "off");
    assertEquals(2, r.exitCode(), r.err());
    List<String> expected = List.of(
        "  -EB: \"rbe.EBTPCW1Factory\": expected the factory of --tpcw shopping (rbe.EBTPCW2Factory)",
        "  -GETIM: \"maybe\": expected true or false (the RBE reads the first letter: t/y/e/1, f/n/d/0)",
        "  -ITEM: \"5000\": expected one of 1000, 10000, 100000, 1000000, 10000000 (RBE.stdNumItemA)");
    for (String line : expected) {
      assertTrue(r.err().lines().anyMatch(line::equals), "'" + line + "' in:\n" + r.err());
    }
    assertTrue(r.err().contains("  -TT: \"0.0\": expected a think-time factor > 0"), r.err());
    assertTrue(r.err().contains("  -CUST: \"0\": expected a number of customers"), r.err());
    assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    assertFalse(Files.exists(out) && Files.list(out).findAny().isPresent(), "no run directory");
  }

  @Test
  void anRbeOptionWithoutTpcwAndAnUnknownMixAreRefused(@TempDir Path out) {
    Ran r = cli("run", "-TT", "0.1", "-MAXERROR", "0", "--out", out.toString(), "--progress", "off");
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.err().contains("  -TT: \"0.1\": expected --tpcw MIX as well (it is an option of the TPC-W RBE)"),
        r.err());
    assertTrue(r.err().contains("  -MAXERROR: \"0\": expected --tpcw MIX as well"), r.err());
    Ran bogus = cli("audit", "--tpcw", "bogus", "--out", out.toString(), "--progress", "off");
    assertEquals(2, bogus.exitCode(), bogus.err());
    assertTrue(bogus.err().contains("  --tpcw: \"bogus\": expected browsing, shopping or ordering"), bogus.err());
    Ran both = cli("run", "--tpcw", "browsing", "--users", "5", "-EB", "7", "--out", out.toString(), "--progress",
        "off");
    assertEquals(2, both.exitCode(), both.err());
    assertTrue(both.err().contains("  --users: \"5\": expected either --users or -EB, not both"), both.err());
  }
}
