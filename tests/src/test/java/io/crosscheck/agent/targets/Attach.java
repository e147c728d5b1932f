package io.crosscheck.agent.targets;

import com.sun.tools.attach.VirtualMachine;

/**
 * Attaches to a JVM and loads an agent in it, run with another JDK's java than the test's (the
 * cross-version attach tests): {@code Attach PID JAR ARGS}. Prints {@code loaded}; exit 1 with the
 * failure on stderr otherwise.
 */
public final class Attach {
  private Attach() {}

  public static void main(String[] args) throws Exception {
    VirtualMachine vm = VirtualMachine.attach(args[0]);
    try {
      vm.loadAgent(args[1], args[2]);
    } finally {
      vm.detach();
    }
    System.out.println("loaded");
  }
}
