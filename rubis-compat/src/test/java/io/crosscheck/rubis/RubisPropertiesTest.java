package io.crosscheck.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RubisPropertiesTest {
  private static final String SERVLETS = "properties-examples/Servlets.properties/rubis.properties_100";
  private static final String EJB = "properties-examples/EJB.properties/rubis.properties_100";
  private static final String PHP = "properties-examples/PHP.properties/rubis.properties_100";

  @TempDir Path dir;

  @Test
  void theShippedRubisPropertiesIsRejectedForItsPlusLines() {
    RubisInputException e = assertThrows(RubisInputException.class,
        () -> RubisProperties.read(TestFiles.path("rubis.properties")));
    assertEquals(List.of(
        "rubis.properties:5: \"+# C-JDBC server information\" starts with '+', a line left over"
            + " from a bad patch: it is not a comment but defines the key \"+#\" (fix: delete the '+')",
        "rubis.properties:6: \"+cjdbc_hostname = \" starts with '+', a line left over from a bad"
            + " patch: it defines the key \"+cjdbc_hostname\", not cjdbc_hostname, so cjdbc_hostname"
            + " is missing and the 1.4.x client refuses the file (fix: delete the '+')",
        "rubis.properties: cjdbc_hostname is missing (expected the C-JDBC host name; may be empty:"
            + " \"cjdbc_hostname =\"; line 6 sets it behind a '+': delete the '+')"),
        e.messages());
  }

  @Test
  void theShippedRubisPropertiesLoadsOnceThePlusesAreDeleted() throws Exception {
    Path fixed = TestFiles.write(dir, "rubis.properties",
        TestFiles.text("rubis.properties").replace("\n+", "\n"));
    RubisProperties p = RubisProperties.read(fixed);
    assertEquals("", p.get("cjdbc_hostname"));
    assertEquals(RubisFlavour.EJB, p.flavour());
    assertEquals("/ejb_rubis_web/servlet", p.scriptPath(RubisFlavour.EJB));
    assertEquals(240, p.getInt("workload_number_of_clients_per_node"));
  }

  @Test
  void thePhpExampleIsRejectedForItsOlderKeyNames() {
    RubisInputException e = assertThrows(RubisInputException.class,
        () -> RubisProperties.read(TestFiles.path(PHP)));
    String f = "rubis.properties_100";
    assertEquals(List.of(
        f + ":7: httpd_ejb_html_path: \"/EJB_HTML\" is set under an older key name: the 1.4.x"
            + " client reads ejb_html_path and rejects this file (fix: rename httpd_ejb_html_path"
            + " to ejb_html_path)",
        f + ":8: httpd_ejb_script_path: \"/servlet\" is set under an older key name: the 1.4.x"
            + " client reads ejb_script_path and rejects this file (fix: rename"
            + " httpd_ejb_script_path to ejb_script_path)",
        f + ":9: httpd_servlets_html_path: \"/Servlet_HTML\" is set under an older key name: the"
            + " 1.4.x client reads servlets_html_path and rejects this file (fix: rename"
            + " httpd_servlets_html_path to servlets_html_path)",
        f + ":10: httpd_servlets_script_path: \"/servlet\" is set under an older key name: the"
            + " 1.4.x client reads servlets_script_path and rejects this file (fix: rename"
            + " httpd_servlets_script_path to servlets_script_path)",
        f + ":11: httpd_php_html_path: \"/PHP\" is set under an older key name: the 1.4.x client"
            + " reads php_html_path and rejects this file (fix: rename httpd_php_html_path to"
            + " php_html_path)",
        f + ":12: httpd_php_script_path: \"/PHP\" is set under an older key name: the 1.4.x client"
            + " reads php_script_path and rejects this file (fix: rename httpd_php_script_path to"
            + " php_script_path)",
        f + ": ejb_server is missing (expected the EJB server host name; may be empty: \"ejb_server"
            + " =\"; property files older than 1.4 lack it)",
        f + ": ejb_html_path is missing (expected the EJB version's HTML path, e.g. /EJB_HTML; line"
            + " 7 sets it under its older name httpd_ejb_html_path)",
        f + ": ejb_script_path is missing (expected the EJB version's servlet path, e.g. /servlet;"
            + " line 8 sets it under its older name httpd_ejb_script_path)",
        f + ": servlets_server is missing (expected the servlet server host name; may be empty:"
            + " \"servlets_server =\"; property files older than 1.4 lack it)",
        f + ": servlets_html_path is missing (expected the Servlets version's HTML path, e.g."
            + " /rubis_servlets; line 9 sets it under its older name httpd_servlets_html_path)",
        f + ": servlets_script_path is missing (expected the Servlets version's servlet path, e.g."
            + " /rubis_servlets/servlet; line 10 sets it under its older name"
            + " httpd_servlets_script_path)",
        f + ": php_html_path is missing (expected the PHP version's HTML path, e.g. /PHP; line 11"
            + " sets it under its older name httpd_php_html_path)",
        f + ": php_script_path is missing (expected the PHP version's script path, e.g. /PHP; line"
            + " 12 sets it under its older name httpd_php_script_path)"),
        e.messages());
  }

  @Test
  void theServletsExampleLoadsWithShippedDataFilesInPlaceOfItsAbsolutePaths() throws Exception {
    RubisProperties p = RubisProperties.read(TestFiles.path(SERVLETS));
    assertEquals(RubisFlavour.SERVLETS, p.flavour());
    assertEquals("sci23", p.httpdHostname());
    assertEquals(80, p.httpdPort());
    assertEquals("/rubis_servlets", p.htmlPath(RubisFlavour.SERVLETS));
    assertEquals("/rubis_servlets/servlet", p.scriptPath(RubisFlavour.SERVLETS));
    assertTrue(p.useTpcwThinkTime());
    assertEquals(2, p.slowdownFactor("workload_up_ramp_slowdown_factor"));
    assertEquals(62, p.regions().size());
    assertEquals("AZ--Phoenix", p.regions().get(0));
    assertEquals(20, p.categories().size());
    assertEquals(new RubisProperties.Category("Antiques & Art", 1374), p.categories().get(0));
    assertEquals(List.of(
        "workload_transition_table: /users/cecchet/RUBiS/workload/transitions.txt does not exist;"
            + " using crosscheck's shipped copy of transitions.txt (RUBiS repository, byte for byte)",
        "database_regions_file: /users/cecchet/RUBiS/database/ebay_regions.txt does not exist;"
            + " using crosscheck's shipped copy of ebay_regions.txt (RUBiS repository, byte for byte)",
        "database_categories_file: /users/cecchet/RUBiS/database/ebay_simple_categories.txt does"
            + " not exist; using crosscheck's shipped copy of ebay_simple_categories.txt (RUBiS"
            + " repository, byte for byte)"),
        p.resolutions());
  }

  @Test
  void theEjbExampleLoads() throws Exception {
    RubisProperties p = RubisProperties.read(TestFiles.path(EJB));
    assertEquals(RubisFlavour.EJB, p.flavour());
    assertEquals("sci20", p.get("ejb_server"));
    assertEquals(900000, p.getInt("workload_session_run_time_in_ms"));
  }

  @Test
  void relativePathsResolveAgainstThePropertiesDirectoryFirst() throws Exception {
    TestFiles.write(dir, "regions.txt", "Alpha\nBeta Gamma\n");
    Path file = TestFiles.write(dir, "rubis.properties", servlets()
        .replace("/users/cecchet/RUBiS/database/ebay_regions.txt", "regions.txt")
        .replace("/users/cecchet/RUBiS/workload/transitions.txt", "default_transitions.txt"));
    RubisProperties p = RubisProperties.read(file);
    assertEquals(List.of("Alpha", "Beta Gamma"), p.regions());
    assertEquals(dir.resolve("regions.txt"), p.dataFile("database_regions_file").path());
    assertTrue(p.resolutions().get(1).endsWith("(relative to the properties file's directory)"));
    assertNull(p.dataFile("workload_transition_table").path());
    assertEquals("workload/default_transitions.txt", p.dataFile("workload_transition_table").shipped());
  }

  @Test
  void aNonNumericValueIsReportedWithItsLine() {
    assertEquals(List.of("rubis.properties:29: workload_number_of_rows: \"x\" is not an integer"
        + " (expected a whole number > 0)"),
        problems(servlets().replace("workload_number_of_rows = 29", "workload_number_of_rows = x")));
  }

  @Test
  void aMissingKeyIsReported() {
    assertEquals(List.of("rubis.properties: workload_use_tpcw_think_time is missing (expected yes"
        + " or no)"), problems(servlets().replace("workload_use_tpcw_think_time = yes\n", "")));
  }

  @Test
  void aBadPathIsReported() {
    assertEquals(List.of("rubis.properties:48: database_categories_file: \"cats/none.txt\" does not"
        + " exist (looked for cats/none.txt and " + dir.resolve("cats/none.txt") + " and for a"
        + " shipped file of that name; expected a categories file, \"Name (itemCount)\" per line)"),
        problems(servlets().replace("/users/cecchet/RUBiS/database/ebay_simple_categories.txt",
            "cats/none.txt")));
  }

  @Test
  void badVersionPortFactorAndCategoryLinesAreReportedTogether() {
    TestFiles.write(dir, "cats.txt", "Books (12)\nno count here\nToys (many)\n");
    assertEquals(List.of(
        "rubis.properties:3: httpd_port: \"80000\" is out of range (expected a whole number"
            + " 1..65535)",
        "rubis.properties:9: httpd_use_version: \"servlets\" is not a RUBiS version (expected PHP,"
            + " Servlets or EJB, case-sensitive)",
        "rubis.properties:34: workload_up_ramp_slowdown_factor: \"two\" is not a number (expected a"
            + " number >= 0 (truncated to an integer))",
        "cats.txt:2: \"no count here\" is not a category (expected \"Name (itemCount)\")",
        "cats.txt:3: \"Toys (many)\" has no item count (expected \"Name (itemCount)\" with a whole"
            + " number >= 0)"),
        problems(servlets().replace("httpd_port = 80", "httpd_port = 80000")
            .replace("httpd_use_version = Servlets", "httpd_use_version = servlets")
            .replace("workload_up_ramp_slowdown_factor = 2", "workload_up_ramp_slowdown_factor = two")
            .replace("/users/cecchet/RUBiS/database/ebay_simple_categories.txt", "cats.txt")));
  }

  @Test
  void yesOrNoIsRequiredForTheThinkTimeSwitch() {
    List<String> problems = problems(servlets().replace("think_time = yes", "think_time = Yes"));
    assertEquals(List.of("rubis.properties:32: workload_use_tpcw_think_time: \"Yes\" is not yes or"
        + " no (expected yes or no; the 1.4.x client treats anything but \"yes\" as no)"), problems);
    assertFalse(problems.isEmpty());
  }

  private String servlets() {
    return TestFiles.text(SERVLETS);
  }

  private List<String> problems(String text) {
    Path file = TestFiles.write(dir, "rubis.properties", text);
    return assertThrows(RubisInputException.class, () -> RubisProperties.read(file)).messages();
  }
}
