package io.pgolab.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Variant.Step;
import io.pgolab.toolchain.jvm.JdkInstall;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmDoctorTest {
    static final JdkInstall JDK17 = new JdkInstall(Path.of("/usr/lib/jvm/java-17-openjdk-amd64"),
            "openjdk version \"17.0.21.1\" 2026-11-17\nOpenJDK Runtime Environment (build 17.0.21.1)");
    static final JdkInstall JDK24 = new JdkInstall(Path.of("/opt/jdk-24"), "openjdk version \"24.0.2\" 2025-07-15");
    static final JdkInstall JDK25 = new JdkInstall(Path.of("/usr/lib/jvm/temurin-25-jdk-amd64"),
            "openjdk version \"25.0.3\" 2026-04-21 LTS\nOpenJDK Runtime Environment Temurin-25.0.3+9 (build 25.0.3+9-LTS)");

    @Test
    void eachJdkSaysWhatItSupports() {
        List<DoctorCheck> c = JvmDoctor.checks(List.of(JDK17, JDK25));
        assertThat(c.get(0).detail()).contains("JDK 17").contains("cds, no aot (needs 24)");
        assertThat(c.get(1).detail()).contains("JDK 25").contains("aot (one step, with method profiles)");
        assertThat(c).anySatisfy(x -> assertThat(x.subject()).isEqualTo("native-pgo"));
        assertThat(c).noneSatisfy(x -> assertThat(x.subject()).isEqualTo("aot"));
    }

    @Test
    void whatNoInstalledJdkOffersIsNamedWithTheFix() {
        List<DoctorCheck> only17 = JvmDoctor.checks(List.of(JDK17));
        assertThat(only17).anySatisfy(x -> {
            assertThat(x.subject()).isEqualTo("aot");
            assertThat(x.fix()).contains("jdk = \"25\"");
        });
        assertThat(JvmDoctor.checks(List.of(JDK24))).anySatisfy(x -> assertThat(x.detail())
                .contains("without method profiles"));
        assertThat(JvmDoctor.checks(List.of()).get(0).detail()).contains("none found");
    }

    @Test
    void versionsAndStepsAreReadFromJavaVersion() {
        assertThat(JDK17.feature()).isEqualTo(17);
        assertThat(new JdkInstall(Path.of("/x"), "java version \"1.8.0_412\"").feature()).isEqualTo(8);
        assertThat(new JdkInstall(Path.of("/x"), "openjdk version \"26-ea\" 2026-03-17").feature()).isEqualTo(26);
        assertThat(JDK17.missing(Step.AOT)).get().asString().contains("needs JDK 24");
        assertThat(JDK25.missing(Step.AOT)).isEmpty();
        assertThat(JDK25.missing(Step.NATIVE_PGO)).get().asString().contains("Oracle GraalVM");
    }
}
