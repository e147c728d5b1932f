package io.crosscheck.child;

import java.lang.management.ManagementFactory;

/** Child main for tests: prints its Java version and whether it runs under -Xint; exits with args[0]. */
public final class ProbeMain {
  private ProbeMain() {}

  public static void main(String[] args) {
    System.out.println("java.version=" + System.getProperty("java.version"));
    System.out.println("xint=" + ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-Xint"));
    System.out.println("args=" + String.join("|", args));
    if (args.length > 0) {
      System.exit(Integer.parseInt(args[0]));
    }
  }
}
