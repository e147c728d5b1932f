package io.crosscheck.model.spec;

import static io.crosscheck.model.spec.SpecAssertions.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.model.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TargetParserTest {
  @ParameterizedTest
  @CsvSource({
    "http://127.0.0.1:8080, 127.0.0.1, 8080",
    "http://127.3.2.1:1/, 127.3.2.1, 1",
    "http://localhost:9000, localhost, 9000",
    "http://LocalHost, localhost, 80",
    "http://[::1]:8080, ::1, 8080",
    "http://[0:0:0:0:0:0:0:1]:8080, ::1, 8080",
  })
  void acceptsLoopback(String text, String host, int port) throws SpecException {
    WorkloadSpec s = new WorkloadSpec();
    s.target = text;
    assertEquals(new Target(host, port), s.build().target());
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "http://10.0.0.1:8080", "http://example.com:80", "http://128.0.0.1:80", "http://127.0.0.256:80",
    "http://[::2]:80", "http://[::ffff:127.0.0.1]:80", "http://localhost.evil.com:80", "http://0.0.0.0:80"})
  void refusesNonLoopback(String text) {
    WorkloadSpec s = new WorkloadSpec();
    s.target = text;
    onlyProblem(s, "--target: \"" + text + "\": expected a loopback address (127.0.0.0/8, localhost or [::1])");
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1:8080", "https://127.0.0.1:8443", "http://127.0.0.1:8080/path", "http://"})
  void refusesOtherForms(String text) {
    WorkloadSpec s = new WorkloadSpec();
    s.target = text;
    onlyProblem(s, "--target: \"" + text + "\": expected http://HOST:PORT, e.g. http://127.0.0.1:8080");
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:0", "http://127.0.0.1:65536"})
  void refusesPortsOutOfRange(String text) {
    WorkloadSpec s = new WorkloadSpec();
    s.target = text;
    onlyProblem(s, "--target: \"" + text + "\": expected a port 1..65535");
  }
}
