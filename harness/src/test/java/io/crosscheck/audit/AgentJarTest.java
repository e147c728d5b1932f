package io.crosscheck.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentJarTest {
  @Test
  void findsTheAgentJarOnTheClassPathNotItsNestedParts(@TempDir Path dir) throws IOException {
    Path boot = Files.createFile(dir.resolve("crosscheck-agent-bootstrap-0.1.0-SNAPSHOT.jar"));
    Path agent = Files.createFile(dir.resolve("crosscheck-agent-0.1.0-SNAPSHOT.jar"));
    String cp = String.join(File.pathSeparator, boot.toString(), "/x/y.jar", agent.toString());
    assertEquals(agent.toAbsolutePath(), AgentJar.locate(null, cp));
  }

  @Test
  void thePropertyWinsAndAMissingFileIsNamed(@TempDir Path dir) throws IOException {
    Path jar = Files.createFile(dir.resolve("my-agent.jar"));
    assertEquals(jar.toAbsolutePath(), AgentJar.locate(jar.toString(), ""));
    IOException e = assertThrows(IOException.class, () -> AgentJar.locate(dir.resolve("no.jar").toString(), ""));
    assertTrue(e.getMessage().startsWith("-Dcrosscheck.agent.jar=" + dir.resolve("no.jar") + ": no such file"),
        e.getMessage());
  }

  @Test
  void withoutTheJarTheErrorSaysWhatToBuild() {
    IOException e = assertThrows(IOException.class,
        () -> AgentJar.locate(null, "/w/agents/agent/target/classes" + File.pathSeparator + "/w/harness.jar"));
    assertTrue(e.getMessage().contains("not on the class path (found /w/agents/agent/target/classes, not the packaged"
        + " jar)"), e.getMessage());
    assertTrue(e.getMessage().contains("-pl agents/agent -am package"), e.getMessage());
  }
}
