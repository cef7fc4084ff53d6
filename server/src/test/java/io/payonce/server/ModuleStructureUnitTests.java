package io.payonce.server;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

/**
 * The server's module structure holds: every top-level package is a module (Spring Modulith) whose
 * sub-packages are its own; modules reach each other only through their published types and form no
 * cycle; the domain knows nothing of HTTP, of a channel's SDK or of the sandbox. The module map is
 * drawn (PlantUML, C4) into docs/modules/ each time this runs.
 */
class ModuleStructureUnitTests {

  private static final ApplicationModules MODULES = ApplicationModules.of(PayOnceApplication.class);
  private static final JavaClasses SERVER =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.payonce.server");

  @Test
  void modulesTalkThroughPublishedTypesAndFormNoCycle() {
    MODULES.verify();
  }

  @Test
  void theDomainImportsNoHttpAdapter() {
    noClasses()
        .that()
        .resideOutsideOfPackages(
            "..web..", "io.payonce.server.ops..", "io.payonce.server.idempotency..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("..web..")
        .check(SERVER);
  }

  @Test
  void theOperatorStoreKnowsNothingOfTheConsoleOrOfMoney() {
    // Operators and their action record are a leaf: the console, the read side and the
    // reconciliation page use them, never the other way round, and no money logic hides there.
    noClasses()
        .that()
        .resideInAPackage("io.payonce.server.operator..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.payonce.server.ops..",
            "io.payonce.server.refund..",
            "io.payonce.server.payment..",
            "io.payonce.server.order..",
            "..web..")
        .check(SERVER);
  }

  @Test
  void theServerLinksToNoSandboxClass() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.payonce.sandbox..")
        .check(SERVER);
  }

  @Test
  void theChannelPortDependsOnNothingAboveIt() {
    // The adapters (alipay, wechat) are top-level modules that implement the port and feed the
    // domain; the port itself knows only the foundations, so no arrow runs back up from it.
    noClasses()
        .that()
        .resideInAPackage("io.payonce.server.channel..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.payonce.server..")
                .and(
                    not(
                        resideInAnyPackage(
                            "io.payonce.server.channel..",
                            "io.payonce.server.money..",
                            "io.payonce.server.db..",
                            "io.payonce.server.log..",
                            "io.payonce.server.audit.."))))
        .check(SERVER);
  }

  @Test
  void noAdapterLivesUnderThePort() {
    noClasses()
        .should()
        .resideInAnyPackage(
            "io.payonce.server.channel.alipay..",
            "io.payonce.server.channel.wechat..",
            "io.payonce.server.channel.accounts..")
        .check(SERVER);
  }

  @Test
  void channelSpecificsStayInTheirChannelsPackage() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.payonce.server.alipay..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("com.alipay..", "io.payonce.server.alipay..")
        .check(SERVER);
  }

  @Test
  void wechatSpecificsStayInTheWechatPackage() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.payonce.server.wechat..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "com.wechat.pay..", "com.github.binarywang..", "io.payonce.server.wechat..")
        .check(SERVER);
  }

  @Test
  void theChannelAdaptersNeverImportEachOther() {
    noClasses()
        .that()
        .resideInAPackage("io.payonce.server.alipay..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.payonce.server.wechat..")
        .check(SERVER);
  }

  @Test
  void docsModulesMdIsTheMapOfTheVerifiedModel() throws Exception {
    String written = ModuleMap.render(MODULES);
    Path docs = Path.of("..", "docs", "modules.md");
    java.nio.file.Files.createDirectories(Path.of(docsFolder()));
    java.nio.file.Files.writeString(Path.of(docsFolder(), "modules.md"), written);
    if (Boolean.getBoolean("payonce.modules.write")) {
      java.nio.file.Files.writeString(docs, written);
    }
    org.assertj.core.api.Assertions.assertThat(java.nio.file.Files.readString(docs))
        .as(
            "docs/modules.md is stale: rewrite it with -Dpayonce.modules.write=true"
                + " (the map the model gives is in server/target/modules/modules.md)")
        .isEqualTo(written);
  }

  @Test
  void theModuleMapIsDrawn() {
    new Documenter(MODULES, Documenter.Options.defaults().withOutputFolder(docsFolder()))
        .writeModulesAsPlantUml()
        .writeIndividualModulesAsPlantUml();
  }

  private static String docsFolder() {
    return Path.of("target", "modules").toString();
  }
}
