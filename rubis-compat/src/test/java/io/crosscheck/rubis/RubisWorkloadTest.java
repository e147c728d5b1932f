package io.crosscheck.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.Phase;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionSource;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
  void theSlowdownFactorsComeFromThePropertiesByPhaseAndAreDescribed() throws Exception {
    RubisWorkload w = RubisWorkload.read(TestFiles.path(SERVLETS), RubisWorkload.Overrides.none());
    assertEquals(new RubisSlowdown(2, 3), w.slowdown());
    assertEquals(2, w.slowdown().factorIn(Phase.RAMP_UP));
    assertEquals(1, w.slowdown().factorIn(Phase.MEASURE));
    assertEquals(3, w.slowdown().factorIn(Phase.RAMP_DOWN));
    assertSame(w.slowdown(), w.factory().slowdown());
    assertTrue(w.describe().contains(", slowdown=2/1/3 (up-ramp/run/down-ramp), "), w.describe());
  }

  @Test
  void aFractionalSlowdownFactorIsTruncatedAsTheClientDoes(@TempDir Path dir) throws Exception {
    String text = TestFiles.text(SERVLETS)
        .replace("workload_up_ramp_slowdown_factor = 2", "workload_up_ramp_slowdown_factor = 2.9")
        .replace("workload_down_ramp_slowdown_factor = 3", "workload_down_ramp_slowdown_factor = 0.5");
    assertTrue(text.contains("= 2.9") && text.contains("= 0.5"), "the example's factors are 2 and 3");
    Path props = TestFiles.write(dir, "rubis.properties", text);
    RubisWorkload w = RubisWorkload.read(props, RubisWorkload.Overrides.none());
    assertEquals(new RubisSlowdown(2, 0), w.slowdown());
    assertTrue(w.describe().contains("slowdown=2/1/0 (up-ramp/run/down-ramp)"), w.describe());
  }
}
