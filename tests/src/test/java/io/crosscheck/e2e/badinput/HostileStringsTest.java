package io.crosscheck.e2e.badinput;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, "Hostile strings": terminal escapes, NUL and spaces in paths are refused by the parsers
 * as bad input ({@code file:line}, what to do), and nothing an input holds reaches the terminal raw:
 * every control character in a message is escaped ({@code \e}, {@code \x07}, {@code \u009b}).
 * Nothing here starts a load: the target is a closed loopback port that is never contacted.
 */
class HostileStringsTest {
  private static final Duration QUICK = Duration.ofSeconds(10);

  @TempDir Path dir;

  private InputCli run(String... args) {
    List<String> all = new ArrayList<>(List.of("run", "--target", "http://127.0.0.1:9", "--duration", "1s"));
    all.addAll(List.of(args));
    return InputCli.run(QUICK, dir.resolve("runs"), all.toArray(String[]::new));
  }

  /** Writes {@code text} (UTF-8) to {@code name} in the test's directory; returns its path. */
  private String file(String name, String text) throws java.io.IOException {
    return Files.writeString(dir.resolve(name), text).toString();
  }

  @Test
  void terminalEscapesAndNulInWsesslogPathsAreRefusedAndShownEscaped() throws Exception {
    Path log = dir.resolve("hostile.log");
    Files.write(log, ("/d\u001b[2J think=1\n/c\u001b]0;PWNED\u0007\n/n\u0000ul\n/csi\u009b31m\n")
        .getBytes(StandardCharsets.UTF_8));
    InputCli cli = run("--wsesslog", log.toString());
    cli.assertRefused("hostile.log:1: \"/d\\e[2J\": expected a request path without control characters"
        + " (\\e at character 3; percent-encode a byte that must be sent, e.g. %1B)");
    cli.assertRefused("hostile.log:2: \"/c\\e]0;PWNED\\x07\"");
    cli.assertRefused("hostile.log:3: \"/n\\0ul\": expected a request path without control characters"
        + " (\\0 at character 3");
    cli.assertRefused("hostile.log:4: \"/csi\\u009b31m\"");
    InputCli.assertNothingStarted(dir.resolve("runs"));
  }

  @Test
  void aNulInAUrlFileOrAThinkTableIsRefused() throws Exception {
    run("--url-file", file("urls.txt", "/ok\n/a\u0000b\n")).assertRefused("urls.txt:2: \"/a\\0b\":"
        + " expected a path without control characters (\\0 at character 3; percent-encode a byte that"
        + " must be sent, e.g. %00)");
    run("--think", "table:" + file("think.txt", "/x\u001b 1s\n"))
        .assertRefused("think.txt:1: \"/x\\e\": expected a path without control");
  }

  @Test
  void aSpaceInAPathSaysWhatIsWrongAndHowToMendIt() throws Exception {
    run("--url-file", file("urls.txt", "/with space\n")).assertRefused("urls.txt:1: \"/with space\":"
        + " expected a path without spaces (a space at character 6; percent-encode it as %20)");
    run("--urls", "/a,/with space").assertRefused("--urls: \"/with space\": expected a path without spaces");
  }

  @Test
  void aBinaryRubisTableIsRefusedWithoutEchoingRawBytes() throws Exception {
    Path props = InputCli.rubisProperties(dir);
    byte[] noise = new byte[4096];
    new Random(11).nextBytes(noise);
    Path table = dir.resolve("binary.txt");
    Files.write(table, noise);
    Files.write(table, "RUBiS\u001b[2J\t\u009bset\n".getBytes(StandardCharsets.ISO_8859_1),
        java.nio.file.StandardOpenOption.APPEND);
    InputCli cli = run("--rubis", props.toString(), "--rubis-table", table.toString());
    cli.assertRefused("binary.txt");
    assertTrue(cli.errLines() < 40, cli.err());
  }

  @Test
  void aMalformedUnicodeEscapeInAPropertiesFileIsRefusedAsJavaUtilPropertiesDoes() throws Exception {
    Path props = InputCli.rubisProperties(dir);
    List<String> lines = new ArrayList<>(Files.readAllLines(props, StandardCharsets.ISO_8859_1));
    int at = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("httpd_hostname")) {
        lines.set(i, "httpd_hostname = local\\u00ZZhost");
        at = i + 1;
      }
    }
    assertTrue(at > 0, "httpd_hostname in " + props);
    Files.write(props, lines, StandardCharsets.ISO_8859_1);
    // the real client's loader refuses it
    java.util.Properties real = new java.util.Properties();
    boolean refused;
    try (var in = Files.newBufferedReader(props, StandardCharsets.ISO_8859_1)) {
      real.load(in);
      refused = false;
    } catch (IllegalArgumentException e) {
      refused = e.getMessage().startsWith("Malformed \\uxxxx encoding");
    }
    assertTrue(refused, "java.util.Properties refuses \\u00ZZ");
    run("--rubis", props.toString()).assertRefused("rubis.properties:" + at + ": \"\\u00ZZ\" is a malformed"
        + " \\uxxxx escape: the client's java.util.Properties refuses the file (\"Malformed \\uxxxx encoding.\")");
  }

  @Test
  void aHostileFileNameIsEscapedInTheMessage() throws Exception {
    InputCli cli = run("--wsesslog", file("s\u001b[2J.log", "nope\n"));
    cli.assertRefused("s\\e[2J.log:1: \"nope\": expected a request path starting with '/'");
    assertFalse(cli.err().contains("\u001b"), cli.err());
  }
}
