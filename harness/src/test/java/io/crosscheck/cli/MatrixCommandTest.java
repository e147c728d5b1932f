package io.crosscheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The matrix's child arguments: its own options dropped, the workload's kept as typed. */
class MatrixCommandTest {
  @Test
  void childArgumentsDropTheMatrixOwnOptionsAndKeepTheWorkloadsAsTyped() {
    assertEquals(List.of("run", "--rubis", "--engine", "legacy-urlconnection", "--timing=nanos", "--duration", "3s"),
        MatrixCommand.childArgs(List.of("matrix", "--rubis", "--jvm", "/j", "--engine", "legacy-urlconnection",
            "--jvm-opts", "-Xint", "--users", "10,20", "--timing=nanos", "--search", "--max-abs-error=2ms",
            "--out", "/m", "--duration", "3s")));
  }
}
