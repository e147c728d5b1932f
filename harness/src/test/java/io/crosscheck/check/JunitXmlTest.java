package io.crosscheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The JUnit XML a CI system reads, parsed back with javax.xml, under a locale with a decimal comma. */
class JunitXmlTest {
  @TempDir Path tmp;

  @Test
  void oneTestcasePerRuleAndAFailureElementPerFailedRule() throws Exception {
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY); // numbers must not follow it
    try {
      Path run = RuleEvaluatorTest.run(tmp, "run", f -> {});
      CheckedRun checked = CheckedRun.read(run, "RUN_DIR");
      List<Rule> rules = new ArrayList<>();
      for (String r : List.of("abs-error < 1ms", "ratio < 1.1", "wire.p95 < 20ms", "connections.verdict == no-sharing",
          "errors == 0 # & <xml> \"quoted\"")) {
        rules.add(RuleParser.parse(r.contains("#") ? r.substring(0, r.indexOf('#')) : r, "rules.txt:1"));
      }
      List<RuleEvaluator.Judgement> judgements = RuleEvaluator.judge(rules, checked, null);
      Path xml = tmp.resolve("check.xml");
      JunitXml.write(xml, judgements, run, null, 0.25);
      assertFalse(Files.exists(tmp.resolve("check.xml.tmp")), "the temporary file was moved into place");

      Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
      Element suite = doc.getDocumentElement();
      assertEquals("testsuite", suite.getTagName());
      assertEquals("crosscheck check", suite.getAttribute("name"));
      assertEquals("5", suite.getAttribute("tests"));
      assertEquals("2", suite.getAttribute("failures"));
      assertEquals("0.250", suite.getAttribute("time"), "Locale.ROOT, not the default's 0,250");
      NodeList cases = suite.getElementsByTagName("testcase");
      assertEquals(5, cases.getLength());
      Element ratio = (Element) cases.item(1);
      assertEquals("ratio < 1.1", ratio.getAttribute("name"));
      Element failure = (Element) ratio.getElementsByTagName("failure").item(0);
      assertEquals("rule-failed", failure.getAttribute("type"));
      assertEquals("measured 1.3326, threshold < 1.1000; from 320 matched pairs of the measured phase",
          failure.getAttribute("message"));
      assertTrue(failure.getTextContent().startsWith("FAIL  ratio < 1.1: measured 1.3326"), failure.getTextContent());
      Element p95 = (Element) cases.item(2);
      Element noEvidence = (Element) p95.getElementsByTagName("failure").item(0);
      assertEquals("no-evidence", noEvidence.getAttribute("type"));
      assertTrue(noEvidence.getAttribute("message").startsWith("no evidence: the run's wire.p95"));
      Element passed = (Element) cases.item(0);
      assertEquals(0, passed.getElementsByTagName("failure").getLength());
      assertEquals("abs-error < 1ms", passed.getAttribute("name"));
      Element properties = (Element) suite.getElementsByTagName("properties").item(0);
      assertEquals(run.toString(), ((Element) properties.getElementsByTagName("property").item(0))
          .getAttribute("value"));
    } finally {
      Locale.setDefault(saved);
    }
  }
}
