package io.crosscheck.model.spec;

import static io.crosscheck.model.spec.SpecAssertions.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Target;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Targets by form only: nothing here resolves a name or sends anything (the address stays unset). */
class TargetParserTest {
  @ParameterizedTest
  @CsvSource({
    "http://127.0.0.1:8080, 127.0.0.1, 8080",
    "http://127.3.2.1:1/, 127.3.2.1, 1",
    "http://localhost:9000, localhost, 9000",
    "http://LocalHost, LocalHost, 80",
    "http://[::1]:8080, ::1, 8080",
    "http://[0:0:0:0:0:0:0:1]:8080, 0:0:0:0:0:0:0:1, 8080",
    "http://127.0.10.1:8080, 127.0.10.1, 8080",
    "http://127.255.255.254:80, 127.255.255.254, 80",
    "http://server:8080, server, 8080",
    "http://svc.ns:8080, svc.ns, 8080",
    "http://server.invalid:8080, server.invalid, 8080",
    "http://web-1.bench.example.org./, web-1.bench.example.org., 80",
    "http://[2001:db8::1]:8080, 2001:db8::1, 8080",
    "http://[2001:DB8:0:0:8:800:200C:417A]:65535, 2001:DB8:0:0:8:800:200C:417A, 65535",
    "http://[::ffff:127.0.0.1]:80, ::ffff:127.0.0.1, 80",
    "http://[::]:80, ::, 80",
  })
  void acceptsNamesAndAddressesWithoutResolving(String text, String host, int port) throws SpecException {
    Target t = target(text).build().target();
    assertEquals(new Target(host, port), t);
    assertNull(t.address(), "parsing resolves nothing");
  }

  @ParameterizedTest
  @CsvSource({
    "http://[2001:db8::1]:8080, http://[2001:db8::1]:8080, [2001:db8::1]:8080",
    "http://server:8080, http://server:8080, server:8080",
  })
  void theHostHeaderKeepsTheNameAsGiven(String text, String shown, String hostHeader) throws SpecException {
    Target t = target(text).build().target();
    assertEquals(shown, t.toString());
    assertEquals(hostHeader, t.hostHeader());
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "http://127.0.0.256:80", "http://300.1.1.1:80", "http://127.1:80", "http://1.2.3:80", "http://-bad.example:80",
    "http://bad-.example:80", "http://a..b:80", "http://under_score.example:80", "http://exa%6dple.com:80",
    "http://" + "a123456789a123456789a123456789a123456789a123456789a123456789abcd" + ".example:80",
    "http://[2001:db8::1::2]:80", "http://[2001:db8:1]:80", "http://[12345::1]:80", "http://[fe80::1%eth0]:80",
    "http://[::ffff:300.0.0.1]:80", "http://[1:2:3:4:5:6:7:8:9]:80", "http://[]:80", "http://[g::1]:80",
    "http://user@server:80", "http://a b:80"})
  void refusesMalformedHosts(String text) {
    onlyProblem(target(text), "--target: \"" + text + "\": expected a DNS name, an IPv4 address or an IPv6 address in brackets"
        + " as the host");
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1:8080", "https://127.0.0.1:8443", "http://127.0.0.1:8080/path", "http://",
    "http://2001:db8::1:8080", "http://server:port", "garbage"})
  void refusesOtherForms(String text) {
    onlyProblem(target(text), "--target: \"" + text + "\": expected http://HOST:PORT, e.g. http://127.0.0.1:8080,"
        + " http://server.example:8080 or http://[2001:db8::1]:8080");
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:0", "http://127.0.0.1:65536", "http://server:99999", "http://[::1]:0"})
  void refusesPortsOutOfRange(String text) {
    onlyProblem(target(text), "--target: \"" + text + "\": expected a port 1..65535");
  }

  @ParameterizedTest
  @CsvSource({
    "127.0.0.1:8080, 127.0.0.1, 8080",
    "server:8080, server, 8080",
    "[2001:db8::1]:8080, 2001:db8::1, 8080",
  })
  void hostPortTakesTheSameHosts(String text, String host, int port) {
    List<Problem> problems = new ArrayList<>();
    assertEquals(new Target(host, port), TargetParser.parseHostPort("--server", text, problems));
    assertTrue(problems.isEmpty(), problems.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "server| HOST:PORT with a port in 1..65535, e.g. 127.0.0.1:8080, server.example:8080 or [2001:db8::1]:8080",
    "2001:db8::1:8080| HOST:PORT with a port in 1..65535, e.g. 127.0.0.1:8080, server.example:8080 or [2001:db8::1]:8080",
    "server:0| a port 1..65535",
    "bad_host:80| a DNS name, an IPv4 address or an IPv6 address in brackets as the host",
  })
  void hostPortRefusals(String text, String expected) {
    List<Problem> problems = new ArrayList<>();
    assertNull(TargetParser.parseHostPort("--server", text, problems));
    assertEquals(List.of("--server: \"" + text + "\": expected " + expected.trim()),
        problems.stream().map(Problem::message).toList());
  }

  /** A spec of defaults with {@code --target text}. */
  private static WorkloadSpec target(String text) {
    WorkloadSpec s = new WorkloadSpec();
    s.target = text;
    return s;
  }
}
