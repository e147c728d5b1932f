package io.crosscheck.check;

import io.crosscheck.record.JsonFiles;
import io.crosscheck.text.Printable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Writes a check's judgements as JUnit XML, the report format CI systems read (GitHub Actions test
 * reporters, Jenkins, GitLab): one {@code testsuite} named {@code crosscheck check}, one {@code
 * testcase} per rule (its {@code name} the rule's text, {@code classname} {@code crosscheck.check}),
 * a failed rule with a {@code failure} element whose {@code message} is the rule's line (measured
 * value, threshold, baseline, or "no evidence: ..."). {@code properties} name the run and the
 * baseline. Numbers are formatted with {@link Locale#ROOT}; control characters escaped (XML 1.0
 * cannot hold them). Written to {@code FILE.tmp} beside the file, then moved into place. Stateless.
 */
public final class JunitXml {
  private JunitXml() {}

  /**
   * Writes {@code judgements} to {@code file}, atomically.
   *
   * @param baseline the baseline run directory, or null
   * @param seconds how long the check took, for the suite's {@code time}
   */
  public static void write(Path file, List<RuleEvaluator.Judgement> judgements, Path run, Path baseline,
      double seconds) throws IOException {
    Document doc;
    try {
      doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
    } catch (ParserConfigurationException e) {
      throw new IOException("cannot create an XML document: " + e.getMessage(), e);
    }
    long failures = judgements.stream().filter(j -> !j.held()).count();
    Element suite = doc.createElement("testsuite");
    suite.setAttribute("name", "crosscheck check");
    suite.setAttribute("tests", Integer.toString(judgements.size()));
    suite.setAttribute("failures", Long.toString(failures));
    suite.setAttribute("errors", "0");
    suite.setAttribute("skipped", "0");
    suite.setAttribute("time", String.format(Locale.ROOT, "%.3f", seconds));
    doc.appendChild(suite);
    Element properties = doc.createElement("properties");
    properties.appendChild(property(doc, "run", run.toString()));
    if (baseline != null) {
      properties.appendChild(property(doc, "baseline", baseline.toString()));
    }
    suite.appendChild(properties);
    for (RuleEvaluator.Judgement j : judgements) {
      Element testcase = doc.createElement("testcase");
      testcase.setAttribute("classname", "crosscheck.check");
      testcase.setAttribute("name", j.rule().shown());
      testcase.setAttribute("time", "0");
      if (!j.held()) {
        Element failure = doc.createElement("failure");
        failure.setAttribute("type", j.noEvidence() ? "no-evidence" : "rule-failed");
        failure.setAttribute("message", j.message());
        failure.setTextContent(j.line() + " [" + Printable.escape(j.rule().where()) + "]");
        testcase.appendChild(failure);
      } else {
        Element out = doc.createElement("system-out");
        out.setTextContent(j.line());
        testcase.appendChild(out);
      }
      suite.appendChild(testcase);
    }
    java.io.ByteArrayOutputStream xml = new java.io.ByteArrayOutputStream();
    try {
      Transformer t = TransformerFactory.newInstance().newTransformer();
      t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
      t.setOutputProperty(OutputKeys.INDENT, "yes");
      t.transform(new DOMSource(doc), new StreamResult(xml));
    } catch (TransformerException e) {
      throw new IOException(file + ": cannot write the JUnit XML: " + e.getMessage(), e);
    }
    JsonFiles.writeAtomically(file, xml.toByteArray());
  }

  private static Element property(Document doc, String name, String value) {
    Element p = doc.createElement("property");
    p.setAttribute("name", name);
    p.setAttribute("value", Printable.escape(value));
    return p;
  }
}
