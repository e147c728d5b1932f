package io.crosscheck.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** SKELETON. */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "SKELETON")
final class ServeCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    throw new UnsupportedOperationException("skeleton");
  }
}
