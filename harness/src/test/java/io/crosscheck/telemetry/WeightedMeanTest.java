package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WeightedMeanTest {
  @Test
  void weighsEachValueByItsSecondsAndKeepsTheMaximum() {
    WeightedMean m = new WeightedMean();
    m.add(1.0, 0.1);
    m.add(3.0, 0.3);
    assertFalse(m.isEmpty());
    assertEquals(0.4, m.weight(), 1e-12);
    assertEquals((1.0 * 0.1 + 3.0 * 0.3) / 0.4, m.mean(), 0);
    assertEquals(3.0, m.max(), 0);
  }

  @Test
  void rowsOfWeightOneGiveThePlainMean() {
    WeightedMean m = new WeightedMean();
    for (double v : new double[] {50, 70, 90}) {
      m.add(v, 1);
    }
    assertEquals(3, m.weight(), 0);
    assertEquals(70, m.mean(), 0);
    assertEquals(90, m.max(), 0);
  }

  @Test
  void aNaNValueIsSkippedEntirely() {
    WeightedMean m = new WeightedMean();
    m.add(Double.NaN, 5);
    assertTrue(m.isEmpty());
    assertTrue(Double.isNaN(m.mean()), "no value: no mean");
    assertTrue(Double.isNaN(m.max()), "no value: no maximum");
    m.add(2, 1);
    m.add(Double.NaN, 1);
    assertEquals(1, m.weight(), 0);
    assertEquals(2, m.mean(), 0);
  }

  @Test
  void aValueOfWeightZeroCountsForTheMaximumOnly() {
    WeightedMean m = new WeightedMean();
    m.add(4, 0);
    assertTrue(m.isEmpty());
    assertTrue(Double.isNaN(m.mean()));
    assertEquals(4, m.max(), 0);
  }
}
