package io.crosscheck.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionSource;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

class RubisWorkloadTest {
  private static final String SERVLETS = "properties-examples/Servlets.properties/rubis.properties_100";

  @Test
  void theServletsExampleGivesUsersPhasesTargetAndAScriptedSource() throws Exception {
    RubisWorkload w = RubisWorkload.read(TestFiles.path(SERVLETS), RubisWorkload.Overrides.none());
    assertEquals(100, w.users());
    assertEquals(new Phases(60_000_000_000L, 300_000_000_000L, 60_000_000_000L), w.phases());
    assertEquals("sci23", w.host());
    assertEquals(80, w.port());
    SessionSource.Scripted source = w.source();
    assertSame(w.factory(), source.factory());
    assertEquals(RubisFlavour.SERVLETS, w.factory().config().flavour());
    assertEquals("Browse only transition 7sec set", w.factory().config().table().setName());
    assertTrue(w.describe().contains("target=sci23:80, users=100, rampUpMillis=60000,"
        + " measureMillis=300000, rampDownMillis=60000, rubis(flavour=Servlets"), w.describe());
    assertEquals(w.describe(), RubisWorkload.read(TestFiles.path(SERVLETS),
        RubisWorkload.Overrides.none()).describe());
    assertEquals(3, w.notes().size());
  }

  @Test
  void overridesReplaceUsersTableAndFlavour() throws Exception {
    RubisWorkload w = RubisWorkload.read(TestFiles.path(SERVLETS), new RubisWorkload.Overrides(
        7, TestFiles.path("workload/default_transitions.txt"), RubisFlavour.PHP));
    assertEquals(7, w.users());
    assertEquals("Default transition set", w.factory().config().table().setName());
    assertEquals(RubisFlavour.PHP, w.factory().config().flavour());
    assertEquals("/PHP/index.html", w.factory().create(1, 1).next(null).path());
    assertTrue(w.notes().get(3).startsWith("workload_transition_table: overridden by "));
  }

  @Test
  void aBadTableOverrideIsReportedWithItsLocation() {
    RubisInputException e = assertThrows(RubisInputException.class, () -> RubisWorkload.read(
        TestFiles.path(SERVLETS), new RubisWorkload.Overrides(null,
            TestFiles.path("rubis.properties"), null)));
    assertTrue(e.messages().get(0).startsWith("rubis.properties:1: \"# HTTP server information\" is"
        + " not a table header"), e.messages().toString());
  }

  @Test
  void theSlowdownFollowsThePhaseOfTheRunClock() throws Exception {
    RubisWorkload w = RubisWorkload.read(TestFiles.path(SERVLETS), RubisWorkload.Overrides.none());
    AtomicLong now = new AtomicLong();
    IntSupplier factor = w.slowdown(now::get);
    assertEquals(2, factor.getAsInt());
    now.set(w.rampUpNanos());
    assertEquals(1, factor.getAsInt());
    now.set(w.rampUpNanos() + w.measureNanos());
    assertEquals(3, factor.getAsInt());
    assertTrue(w.withSlowdownClock(now::get).factory().describe()
        .contains("slowdown=up 2 / run 1 / down 3 by phase"));
  }
}
