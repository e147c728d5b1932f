package io.crosscheck.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One test per rule of the agent's arguments, asserting the whole message. */
class AgentConfigTest {
  @TempDir
  Path out;

  private String error(String args) {
    return assertThrows(IllegalArgumentException.class, () -> AgentConfig.parse(args)).getMessage();
  }

  private String withOut(String rest) {
    return "out=" + out + "," + rest;
  }

  @Test
  void defaults() {
    AgentConfig c = AgentConfig.parse("out=" + out);
    assertEquals(out, c.out);
    assertEquals(100, c.telemetryPeriodMillis);
    assertEquals(List.of("http-url-connection"), c.hooks);
    assertNull(c.serverHost);
    assertEquals(-1, c.serverPort);
    assertNull(c.reportedBy);
    assertNull(c.reportedValue);
    assertFalse(c.stop);
    assertEquals("", c.reportingSpec());
    assertEquals("out=" + out, c.raw);
  }

  @Test
  void everyArgument() {
    AgentConfig c = AgentConfig.parse(" out=" + out + ", telemetryMillis=0,hooks=http-url-connection,server=LocalHost:8080 ");
    assertEquals(0, c.telemetryPeriodMillis);
    assertEquals("127.0.0.1", c.serverHost, "localhost is compared as 127.0.0.1, case-insensitively");
    assertEquals(8080, c.serverPort);
    AgentConfig ipv6 = AgentConfig.parse(withOut("server=[::1]:80"));
    assertEquals("[::1]", ipv6.serverHost);
    assertEquals(80, ipv6.serverPort);
  }

  @Test
  void stopAlone() {
    AgentConfig c = AgentConfig.parse(" stop ");
    assertTrue(c.stop);
    assertNull(c.out);
  }

  @Test
  void stopWithOtherArguments() {
    assertEquals("\"stop\": expected key=value", error(withOut("stop")));
  }

  @Test
  void reportedBy() {
    AgentConfig c = AgentConfig.parse(withOut("reportedBy=edu.rice.rubis.client.UserSession#callHTTPServer"));
    assertEquals("edu.rice.rubis.client.UserSession", c.reportedBy.className);
    assertEquals("callHTTPServer", c.reportedBy.methodName);
    assertEquals("reportedBy=edu.rice.rubis.client.UserSession#callHTTPServer", c.reportingSpec());
  }

  @Test
  void reportedValueDurationDefaultUnit() {
    AgentConfig c = AgentConfig.parse(withOut("reportedValue=a.Stats#add:2"));
    assertEquals(1, c.valueArg);
    assertEquals(-1, c.valueEndArg);
    assertEquals(1_000_000, c.valueUnitNanos);
    assertEquals("reportedValue=a.Stats#add:2:ms", c.reportingSpec());
  }

  @Test
  void reportedValueInstantsAndUnits() {
    AgentConfig c = AgentConfig.parse(withOut("reportedValue=a.Stats#add:2..3:us"));
    assertEquals(1, c.valueArg);
    assertEquals(2, c.valueEndArg);
    assertEquals(1_000, c.valueUnitNanos);
    assertEquals("reportedValue=a.Stats#add:2..3:us", c.reportingSpec());
    assertEquals(1, AgentConfig.parse(withOut("reportedValue=a.S#m:1:ns")).valueUnitNanos);
    assertEquals(1_000_000_000, AgentConfig.parse(withOut("reportedValue=a.S#m:1:s")).valueUnitNanos);
  }

  @Test
  void outIsRequired() {
    assertEquals("out=DIR is required", error(""));
    assertEquals("out=DIR is required", error(null));
    assertEquals("out=DIR is required", error("telemetryMillis=5"));
  }

  @Test
  void outMustBeAnExistingDirectory() {
    Path missing = out.resolve("missing");
    assertEquals("out=" + missing + ": no such directory", error("out=" + missing));
  }

  @Test
  void notKeyValue() {
    assertEquals("\"verbose\": expected key=value", error(withOut("verbose")));
    assertEquals("\"=3\": expected key=value", error(withOut("=3")));
    assertEquals("\"\": expected key=value", error("out=" + out + ",,telemetryMillis=5"));
  }

  @Test
  void unknownArgument() {
    assertEquals("\"port\": unknown argument (known: out, telemetryMillis, hooks, server, reportedBy, reportedValue,"
        + " stop)", error(withOut("port=1")));
  }

  @Test
  void telemetryMillisNotAnInteger() {
    assertEquals("telemetryMillis=1.5: not an integer", error(withOut("telemetryMillis=1.5")));
  }

  @Test
  void telemetryMillisNegative() {
    assertEquals("telemetryMillis=-1: expected 0 (none) or a period in ms", error(withOut("telemetryMillis=-1")));
  }

  @Test
  void unknownHookFamily() {
    assertEquals("hooks=http-url-connection+okhttp: unknown hook family \"okhttp\" (known: "
        + String.join(", ", AgentConfig.KNOWN_HOOKS) + ")",
        error(withOut("hooks=http-url-connection+okhttp")));
  }

  @Test
  void serverNotHostPort() {
    for (String bad : List.of("127.0.0.1", ":8080", "h:0", "h:65536", "h:http", "h:")) {
      assertEquals("server=" + bad + ": expected HOST:PORT", error(withOut("server=" + bad)), bad);
    }
  }

  @Test
  void reportedByNotClassHashMethod() {
    for (String bad : List.of("Foo", "#m", "a.Foo#", "a.Foo#m#n")) {
      assertEquals("reportedBy=" + bad + ": expected CLASS#METHOD (a fully qualified class name)",
          error(withOut("reportedBy=" + bad)), bad);
    }
  }

  @Test
  void reportedValueShape() {
    assertEquals("reportedValue=a.S#m: expected CLASS#METHOD:ARG[:UNIT]", error(withOut("reportedValue=a.S#m")));
    assertEquals("reportedValue=a.S#m:1:ms:x: expected CLASS#METHOD:ARG[:UNIT]",
        error(withOut("reportedValue=a.S#m:1:ms:x")));
  }

  @Test
  void reportedValueMethod() {
    assertEquals("reportedValue=a.S: expected CLASS#METHOD (a fully qualified class name)",
        error(withOut("reportedValue=a.S:1")));
  }

  @Test
  void reportedValueArgument() {
    for (String bad : List.of("0", "x", "-1", "2..2", "1..0", "..3", "0..2")) {
      assertEquals("reportedValue=a.S#m:" + bad + ": ARG \"" + bad
          + "\" is not a 1-based argument position N or two positions N..M",
          error(withOut("reportedValue=a.S#m:" + bad)), bad);
    }
  }

  @Test
  void reportedValueUnit() {
    assertEquals("reportedValue=a.S#m:1:min: unit \"min\" (expected ns, us, ms or s)",
        error(withOut("reportedValue=a.S#m:1:min")));
  }

  @Test
  void reportedByAndReportedValueExclude() {
    assertEquals("reportedBy and reportedValue: give one of them",
        error(withOut("reportedBy=a.S#m,reportedValue=a.S#n:1")));
  }

  @Test
  void everyProblemListedInOrder() {
    assertEquals("telemetryMillis=x: not an integer; \"bogus\": unknown argument (known: out, telemetryMillis, hooks,"
        + " server, reportedBy, reportedValue, stop); out=DIR is required",
        error("telemetryMillis=x,bogus=1"));
  }

  @Test
  void normalHost() {
    assertEquals("127.0.0.1", AgentConfig.normalHost("LOCALHOST"));
    assertEquals("example.org", AgentConfig.normalHost("Example.ORG"));
  }
}
