package io.crosscheck.child;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * Middle JVM for the orphan test: starts {@link SleepMain} through a {@link ChildRunMain} job
 * (args: job file, marker, child output), prints the child's pid, and sleeps until killed.
 */
public final class ParentMain {
  private ParentMain() {}

  public static void main(String[] args) throws Exception {
    Path javaHome = Paths.get(System.getProperty("java.home"));
    ChildProcess child = ChildJvm.builder(javaHome)
        .job(Paths.get(args[0]), SleepMain.class.getName(), List.of(args[1]))
        .outputFile(Paths.get(args[2]))
        .build()
        .start();
    System.out.println("child=" + child.pid());
    System.out.flush();
    Thread.sleep(120_000);
  }
}
