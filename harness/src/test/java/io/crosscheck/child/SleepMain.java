package io.crosscheck.child;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Child main for tests: a shutdown hook writes args[0], then it prints "ready" and sleeps. */
public final class SleepMain {
  private SleepMain() {}

  public static void main(String[] args) throws InterruptedException {
    Path marker = Paths.get(args[0]);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        Files.writeString(marker, "shutdown hook ran");
      } catch (IOException e) {
        throw new RuntimeException(e);
      }
    }));
    System.out.println("ready");
    System.out.flush();
    Thread.sleep(120_000);
  }
}
