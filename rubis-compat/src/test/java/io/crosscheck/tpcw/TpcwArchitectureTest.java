package io.crosscheck.tpcw;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The rules of io.crosscheck.rubis.ArchitectureTest, extended to TPC-W (that class analyses
 * io.crosscheck.rubis only): rubis-compat turns TPC-W inputs into {@code model} objects and hosts
 * the embedded bookstore; it holds no engine code. The workload does not reach into the bookstore
 * (the client must not know the server it audits). Main classes only.
 */
@AnalyzeClasses(packages = "io.crosscheck.tpcw", importOptions = ImportOption.DoNotIncludeTests.class)
class TpcwArchitectureTest {
  @ArchTest
  static final ArchRule tpcwHasNoEngineCode =
      noClasses().that().resideInAPackage("io.crosscheck.tpcw..")
          .should().dependOnClassesThat().resideInAPackage("io.crosscheck.engine..")
          .because("STYLE.md: \"rubis-compat turns RUBiS inputs into model objects and hosts the embedded"
              + " server; it has no engine code\"");

  @ArchTest
  static final ArchRule theWorkloadDoesNotKnowTheBookstore =
      noClasses().that().resideInAPackage("io.crosscheck.tpcw")
          .should().dependOnClassesThat().resideInAPackage("io.crosscheck.tpcw.server..")
          .allowEmptyShould(true)
          .because("the emulated browser must behave the same against any bookstore it audits");
}
