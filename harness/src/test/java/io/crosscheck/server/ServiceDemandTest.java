package io.crosscheck.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Parsing and sampling of {@link ServiceDemand}. */
class ServiceDemandTest {

  @Test
  void parsesEveryForm() {
    assertEquals(new ServiceDemand.None(), ServiceDemand.parse("none"));
    assertEquals(new ServiceDemand.Fixed(50_000_000L), ServiceDemand.parse("fixed:50ms"));
    assertEquals(new ServiceDemand.Fixed(1_500L), ServiceDemand.parse("fixed:1.5us"));
    assertEquals(new ServiceDemand.Fixed(250L), ServiceDemand.parse("FIXED:250ns"));
    assertEquals(new ServiceDemand.Exponential(2_000_000L), ServiceDemand.parse(" exp:2ms "));
    assertEquals(new ServiceDemand.Exponential(1_500_000_000L), ServiceDemand.parse("exp:1.5s"));
    assertEquals(
        new ServiceDemand.HyperExponential(0.9, 1_000_000L, 50_000_000L), ServiceDemand.parse("hyperexp:0.9:1ms:50ms"));
  }

  @Test
  void textFormRoundTrips() {
    for (String text : new String[] {"none", "fixed:7ms", "exp:2ms", "hyperexp:0.25:1us:3s"}) {
      ServiceDemand d = ServiceDemand.parse(text);
      assertEquals(d, ServiceDemand.parse(d.toString()), text);
    }
  }

  @Test
  void textFormUsesTheLargestExactUnit() {
    assertEquals("exp:2ms", ServiceDemand.parse("exp:2000us").toString());
    assertEquals("fixed:1500us", ServiceDemand.parse("fixed:1.5ms").toString());
    assertEquals("hyperexp:0.5:3s:7ns", ServiceDemand.parse("hyperexp:0.5:3s:7ns").toString());
    assertEquals("fixed:0ns", ServiceDemand.parse("fixed:0s").toString());
  }

  @Test
  void badTextNamesTheValueAndTheExpectedForm() {
    assertMessage("exp:x", "\"exp:x\": expected exp:MEAN with MEAN a duration such as 2ms (units ns, us, ms, s)");
    assertMessage("exp:2", "\"exp:2\": expected exp:MEAN with MEAN a duration such as 2ms");
    assertMessage("exp:2min", "\"exp:2min\": expected exp:MEAN");
    assertMessage("exp", "\"exp\": expected exp:MEAN");
    assertMessage("fixed:ms", "\"fixed:ms\": expected fixed:D");
    assertMessage("fixed:-1ms", "\"fixed:-1ms\": expected fixed:D");
    assertMessage("hyperexp:1.5:1ms:2ms", "\"hyperexp:1.5:1ms:2ms\": expected hyperexp:P:MEAN1:MEAN2");
    assertMessage("hyperexp:0.5:1ms", "\"hyperexp:0.5:1ms\": expected hyperexp:P:MEAN1:MEAN2");
    assertMessage("none:1", "\"none:1\": expected none (no parameters)");
    assertMessage("uniform:1ms", "\"uniform:1ms\": expected " + ServiceDemand.EXPECTED_FORM);
    assertMessage("", "\"\": expected " + ServiceDemand.EXPECTED_FORM);
  }

  @Test
  void exponentialMeanIsWithinThreePercentOver100kDraws() {
    ServiceDemand d = ServiceDemand.parse("exp:2ms");
    assertMeanWithin(d, 2_000_000.0, 0.03, new SplittableRandom(42));
  }

  @Test
  void hyperExponentialMeanIsWithinThreePercentOver100kDraws() {
    ServiceDemand d = ServiceDemand.parse("hyperexp:0.9:1ms:10ms");
    assertEquals(0.9 * 1_000_000 + 0.1 * 10_000_000, d.meanServiceNanos(), 1e-6);
    assertMeanWithin(d, d.meanServiceNanos(), 0.03, new SplittableRandom(7));
  }

  @Test
  void fixedAndNoneAreExactAndSamplingIsReproducible() {
    SplittableRandom r = new SplittableRandom(1);
    assertEquals(50_000_000L, ServiceDemand.parse("fixed:50ms").sampleNanos(r));
    assertEquals(0L, ServiceDemand.none().sampleNanos(r));
    ServiceDemand exp = ServiceDemand.parse("exp:1ms");
    SplittableRandom a = new SplittableRandom(99);
    SplittableRandom b = new SplittableRandom(99);
    for (int i = 0; i < 1000; i++) {
      long x = exp.sampleNanos(a);
      assertEquals(x, exp.sampleNanos(b));
      assertTrue(x >= 0);
    }
  }

  private static void assertMeanWithin(ServiceDemand d, double expectedNanos, double tolerance, SplittableRandom r) {
    double sumNanos = 0;
    int draws = 100_000;
    for (int i = 0; i < draws; i++) {
      sumNanos += d.sampleNanos(r);
    }
    double meanNanos = sumNanos / draws;
    assertTrue(
        Math.abs(meanNanos - expectedNanos) <= tolerance * expectedNanos,
        "mean " + meanNanos + " ns, expected " + expectedNanos + " ns within " + tolerance);
  }

  private static void assertMessage(String text, String expectedPrefix) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServiceDemand.parse(text));
    assertTrue(e.getMessage().startsWith(expectedPrefix), e.getMessage());
  }
}
