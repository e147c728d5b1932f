package io.crosscheck.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The sizes and names k8s reads, in Kubernetes' and the JVM's forms. */
class QuantitiesTest {
  @Test
  void cpuMemoryAndHeapAreReadInTheirOwnForms() {
    assertEquals(1000, Quantities.cpuMillis("1"));
    assertEquals(500, Quantities.cpuMillis("0.5"));
    assertEquals(1250, Quantities.cpuMillis("1.25"));
    assertEquals(1500, Quantities.cpuMillis("1500m"));
    assertEquals(-1, Quantities.cpuMillis("0.0005"));
    assertEquals(-1, Quantities.cpuMillis("1 cpu"));
    assertEquals(2048L << 20, Quantities.memoryBytes("2048Mi"));
    assertEquals(2L << 30, Quantities.memoryBytes("2Gi"));
    assertEquals(2_000_000_000L, Quantities.memoryBytes("2G"));
    assertEquals(123, Quantities.memoryBytes("123"));
    assertEquals(-1, Quantities.memoryBytes("2GB"));
    assertEquals(-1, Quantities.memoryBytes("999999999999999Ti")); // more bytes than a long holds
    assertEquals(1536, Quantities.heapMebibytes("1536m"));
    assertEquals(2048, Quantities.heapMebibytes("2G"));
    assertEquals(-1, Quantities.heapMebibytes("1536"));
    assertEquals("2048Mi", Quantities.defaultMemory(1536));
    assertEquals(1792L << 20, Quantities.minimumMemoryBytes(1536));
  }

  @Test
  void namesFollowRfc1123() {
    assertTrue(Quantities.isLabel("flash-crowd-2", 40));
    assertFalse(Quantities.isLabel("Flash", 40));
    assertFalse(Quantities.isLabel("-a", 40));
    assertFalse(Quantities.isLabel("a-", 40));
    assertFalse(Quantities.isLabel("a".repeat(41), 40));
    assertTrue(Quantities.isSubdomain("team.runs-1"));
    assertFalse(Quantities.isSubdomain("team..runs"));
    assertFalse(Quantities.isSubdomain(""));
  }
}
