package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.server.ConnectionLimits;
import io.crosscheck.server.DemandMode;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.server.ServiceDemand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Option checking of {@code crosscheck serve} (nothing here starts a server). */
class ServeCommandTest {

  @Test
  void badDemandIsReportedWithOptionValueAndExpectedFormThenExit2() {
    StringWriter err = new StringWriter();
    int exit = execute(err, "serve", "--demand", "exp:x");
    assertEquals(2, exit);
    assertTrue(
        err.toString().startsWith("crosscheck serve: --demand: \"exp:x\": expected exp:MEAN with MEAN a duration"),
        err.toString());
  }

  @Test
  void everyBadOptionIsListed() {
    StringWriter err = new StringWriter();
    int exit = execute(err, "serve", "--port", "99999", "--workers", "0", "--demand-mode", "spin", "--seed", "x");
    assertEquals(2, exit);
    String text = err.toString();
    assertTrue(text.contains("crosscheck serve: --port: \"99999\": expected an integer in 0..65535"), text);
    assertTrue(text.contains("crosscheck serve: --workers: \"0\": expected an integer in 1..4096"), text);
    assertTrue(text.contains("crosscheck serve: --demand-mode: \"spin\": expected delay or cpu"), text);
    assertTrue(text.contains("crosscheck serve: --seed: \"x\": expected an integer"), text);
  }

  @Test
  void badConnectionLimitsAreListedForEveryServerThenExit2() {
    for (String[] site : List.of(new String[0], new String[] {"--rubis"}, new String[] {"--tpcw"})) {
      List<String> args = new ArrayList<>(List.of("serve"));
      args.addAll(List.of(site));
      args.addAll(List.of("--keep-alive-timeout", "1ns", "--max-connections", "0"));
      StringWriter err = new StringWriter();
      assertEquals(2, execute(err, args.toArray(String[]::new)), err.toString());
      String text = err.toString();
      assertTrue(text.contains("crosscheck serve: --keep-alive-timeout: \"1ns\": expected a duration of at least 1ms"
          + " such as 20s or 500ms, or 0 or none (never close idle connections)"), text);
      assertTrue(text.contains("crosscheck serve: --max-connections: \"0\": expected an integer >= 1, auto (what the"
          + " open-file limit leaves) or none (no cap)"), text);
    }
  }

  @Test
  void connectionLimitsParse() {
    List<Problem> problems = new ArrayList<>();
    ServeCommand serve = new ServeCommand();
    new CommandLine(serve).parseArgs("--keep-alive-timeout", "1.5s", "--max-connections", "500");
    assertEquals(new ConnectionLimits(1_500_000_000L, 500), serve.job().toLimits(problems));
    serve = new ServeCommand();
    new CommandLine(serve).parseArgs("--keep-alive-timeout", "none", "--max-connections", "none");
    assertEquals(new ConnectionLimits(0, ConnectionLimits.NO_CAP), serve.job().toLimits(problems));
    serve = new ServeCommand();
    new CommandLine(serve).parseArgs();
    ConnectionLimits defaults = serve.job().toLimits(problems);
    assertEquals(20_000_000_000L, defaults.keepAliveTimeoutNanos(), "Tomcat's 20 s");
    assertTrue(defaults.maxConnections() >= 1, "auto: " + defaults);
    assertEquals(List.of(), problems);
  }

  @Test
  void reusePortIsForTheGenericServerOnly() {
    StringWriter err = new StringWriter();
    assertEquals(2, execute(err, "serve", "--rubis", "--reuse-port"));
    assertTrue(err.toString().contains("crosscheck serve: --reuse-port: \"given\": expected the generic server"),
        err.toString());
    List<Problem> problems = new ArrayList<>();
    ServeCommand serve = new ServeCommand();
    new CommandLine(serve).parseArgs("--reuse-port", "--port", "0");
    assertTrue(serve.job().toConfig(problems).reusePort(), problems.toString());
  }

  @Test
  void siteSizesAreCheckedWithTheirSiteBeforeAnythingListens() {
    // --port 99999 is refused too, so that nothing here could listen whatever else is accepted
    StringWriter err = new StringWriter();
    assertEquals(2, execute(err, "serve", "--tpcw", "-CUST", "1000", "--browsers", "2", "-ITEM", "5000", "--port",
        "99999"));
    String text = err.toString();
    assertTrue(text.contains("crosscheck serve: --browsers: \"2\": expected either --customers (-CUST) or --browsers,"
        + " not both"), text);
    assertTrue(text.contains("crosscheck serve: --items: \"5000\": expected one of 1000, 10000, 100000, 1000000,"
        + " 10000000 (the RBE refuses any other -ITEM)"), text);

    err = new StringWriter();
    assertEquals(2, execute(err, "serve", "--rubis", "--users", "0", "--customers", "5", "--port", "99999"));
    text = err.toString();
    assertTrue(text.contains("crosscheck serve: --customers: \"given\": expected --tpcw"), text);
    assertTrue(text.contains("crosscheck serve: --users: \"0\": expected a number of users in 1..1000000"), text);

    err = new StringWriter();
    assertEquals(2, execute(err, "serve", "--users", "5", "--port", "99999"));
    assertTrue(err.toString().contains("crosscheck serve: --users: \"given\": expected --rubis"), err.toString());
  }

  @Test
  void goodOptionsBuildTheConfig() {
    ServeCommand command = new ServeCommand();
    new CommandLine(command)
        .parseArgs(
            "--port", "0", "--io-threads", "2", "--demand", "hyperexp:0.5:1ms:2ms", "--demand-mode", "cpu",
            "--workers", "3", "--queue", "7", "--log-requests", "--seed", "5");
    List<Problem> problems = new ArrayList<>();
    ServerConfig config = command.job().toConfig(problems);
    assertEquals(List.of(), problems);
    assertEquals(
        new ServerConfig(
            "127.0.0.1", 0, 2, new ServiceDemand.HyperExponential(0.5, 1_000_000, 2_000_000), DemandMode.CPU, 3, 7, true, 5),
        config);
  }

  @Test
  void helpStatesDefaults() {
    StringWriter out = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(out));
    assertEquals(0, cl.execute("serve", "--help"));
    String text = out.toString().replaceAll("\\s+", " "); // help wraps at the terminal's width
    assertTrue(text.contains("Default: 127.0.0.1"), text);
    assertTrue(text.contains("Default: 8080"), text);
    assertTrue(text.contains("Default: none"), text);
  }

  private static int execute(StringWriter err, String... args) {
    CommandLine cl = Main.commandLine();
    cl.setErr(new PrintWriter(err));
    return cl.execute(args);
  }
}
