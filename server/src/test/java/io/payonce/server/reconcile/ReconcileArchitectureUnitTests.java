package io.payonce.server.reconcile;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Reconciliation knows a channel only through the channel port ({@code ChannelBills}): a new
 * channel's bill slots in beside Alipay's without reconciliation learning its format.
 */
@AnalyzeClasses(
    packages = {"io.payonce.server.reconcile", "io.payonce.server.channel"},
    importOptions = ImportOption.DoNotIncludeTests.class)
class ReconcileArchitectureUnitTests {

  @ArchTest
  static final ArchRule readsNoChannelAdapter =
      noClasses()
          .that()
          .resideInAPackage("io.payonce.server.reconcile..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.payonce.server.channel.*..")
          .because("a channel's bill format and download belong to its adapter");

  @ArchTest
  static final ArchRule usesNoChannelSdk =
      noClasses()
          .that()
          .resideInAPackage("io.payonce.server.reconcile..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("com.alipay..", "com.wechat.pay..");

  @ArchTest
  static final ArchRule channelsKnowNothingOfReconciliation =
      noClasses()
          .that()
          .resideInAPackage("io.payonce.server.channel..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.payonce.server.reconcile..")
          .because("reconciliation depends on the channel port, never the other way round");
}
