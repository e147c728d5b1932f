package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Defaults, copies and validation of {@link ServerConfig}. */
class ServerConfigTest {

  @Test
  void defaultsAreLoopback8080WithoutDemand() {
    ServerConfig d = ServerConfig.defaults();
    assertEquals("127.0.0.1", d.bindAddress());
    assertEquals(8080, d.port());
    assertEquals(0, d.ioThreads());
    assertEquals(ServiceDemand.none(), d.demand());
    assertEquals(DemandMode.DELAY, d.demandMode());
    assertEquals(2, d.workers());
    assertEquals(128, d.queueCapacity());
    assertFalse(d.logRequests());
  }

  @Test
  void withersChangeOneField() {
    ServerConfig c =
        ServerConfig.defaults()
            .withPort(0)
            .withIoThreads(3)
            .withDemand(ServiceDemand.parse("exp:1ms"))
            .withDemandMode(DemandMode.CPU)
            .withWorkers(4)
            .withQueueCapacity(0)
            .withLogRequests(true)
            .withSeed(9)
            .withBindAddress("::1");
    assertEquals(
        new ServerConfig("::1", 0, 3, new ServiceDemand.Exponential(1_000_000L), DemandMode.CPU, 4, 0, true, 9), c);
  }

  @Test
  void invalidFieldsAreNamedWithTheirValue() {
    assertMessage("port: 70000: expected 0..65535 (0 = ephemeral)", () -> ServerConfig.defaults().withPort(70000));
    assertMessage("workers: 0: expected >= 1", () -> ServerConfig.defaults().withWorkers(0));
    assertMessage("queueCapacity: -1: expected >= 0", () -> ServerConfig.defaults().withQueueCapacity(-1));
    assertMessage("ioThreads: -2: expected >= 0 (0 = Netty's default)", () -> ServerConfig.defaults().withIoThreads(-2));
    assertMessage(
        "bindAddress: \" \": expected an IP address or host name", () -> ServerConfig.defaults().withBindAddress(" "));
  }

  @Test
  void demandModeParses() {
    assertEquals(DemandMode.CPU, DemandMode.parse("CPU"));
    assertEquals(DemandMode.DELAY, DemandMode.parse("delay"));
    assertMessage("\"spin\": expected delay or cpu", () -> DemandMode.parse("spin"));
  }

  private static void assertMessage(String expected, Runnable r) {
    assertEquals(expected, assertThrows(IllegalArgumentException.class, r::run).getMessage());
  }
}
