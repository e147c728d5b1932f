package io.crosscheck.tpcw.server;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The embedded bookstore's place (DESIGN.md §3, STYLE.md): it is a server beside the spine, so it
 * holds no engine code, and it stands alone: it uses neither the TPC-W workload (io.crosscheck.tpcw,
 * the client it is held against) nor the RUBiS server. Main classes only.
 */
@AnalyzeClasses(packages = "io.crosscheck.tpcw.server", importOptions = ImportOption.DoNotIncludeTests.class)
class TpcwServerArchitectureTest {
  @ArchTest
  static final ArchRule theBookstoreHasNoEngineCode =
      noClasses().that().resideInAPackage("io.crosscheck.tpcw.server..")
          .should().dependOnClassesThat().resideInAPackage("io.crosscheck.engine..")
          .because("STYLE.md: rubis-compat \"hosts the embedded server; it has no engine code\"");

  @ArchTest
  static final ArchRule theBookstoreStandsAlone =
      noClasses().that().resideInAPackage("io.crosscheck.tpcw.server..")
          .should().dependOnClassesThat().resideInAnyPackage("io.crosscheck.tpcw", "io.crosscheck.rubis..")
          .because("the server must answer any TPC-W client the same way, and share nothing with the RUBiS site");
}
