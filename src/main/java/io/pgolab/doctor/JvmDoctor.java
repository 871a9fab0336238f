package io.pgolab.doctor;

import io.pgolab.config.Variant.Step;
import io.pgolab.toolchain.jvm.JdkInstall;
import java.util.ArrayList;
import java.util.List;

/**
 * The 'JDKs' section of 'pgolab doctor': each JDK found (JAVA_HOME, java on PATH, /usr/lib/jvm) with
 * what it offers toolchain kind "jvm" (cds, aot, method profiles, native-pgo), then what no installed
 * JDK offers and how to get it. Pure: tests pass any list of JDKs.
 */
final class JvmDoctor {
    static final String AOT_FIX = "install JDK 25 (e.g. Temurin 25 from https://adoptium.net) and set [toolchain] jdk = \"25\"";
    static final String GRAAL_FIX = "install Oracle GraalVM (https://www.graalvm.org/downloads/) and set [toolchain] java_home";

    private JvmDoctor() {
    }

    static List<DoctorCheck> checks(List<JdkInstall> jdks) {
        List<DoctorCheck> out = new ArrayList<>();
        for (JdkInstall j : jdks) {
            String name = j.home().getFileName().toString();
            out.add(j.feature() == 0
                    ? DoctorCheck.warn(name, j.java() + " -version fails", "")
                    : DoctorCheck.ok(name, "JDK " + j.feature() + ": " + j.firstLine() + "  " + j.java() + "; " + j.supportLine()));
        }
        if (jdks.isEmpty()) {
            out.add(DoctorCheck.info("JDK", "none found (JAVA_HOME, java on PATH, " + JdkInstall.JVM_DIR
                    + "); needed only for toolchain kind \"jvm\"", "apt-get install -y openjdk-17-jdk-headless"));
            return out;
        }
        if (jdks.stream().noneMatch(j -> j.missing(Step.CDS).isEmpty())) {
            out.add(DoctorCheck.info("cds", "no JDK " + JdkInstall.MIN_CDS + "+ for dynamic AppCDS archives",
                    "apt-get install -y openjdk-17-jdk-headless"));
        }
        if (jdks.stream().noneMatch(j -> j.missing(Step.AOT).isEmpty())) {
            out.add(DoctorCheck.info("aot", "no JDK " + JdkInstall.MIN_AOT + "+ for the AOT cache (JEP 483; method profiles,"
                    + " JEP 515, need " + JdkInstall.MIN_AOT_ONE_STEP + ")", AOT_FIX));
        } else if (jdks.stream().noneMatch(j -> j.feature() >= JdkInstall.MIN_AOT_ONE_STEP)) {
            out.add(DoctorCheck.info("aot", "AOT cache without method profiles: JEP 515 needs JDK "
                    + JdkInstall.MIN_AOT_ONE_STEP, AOT_FIX));
        }
        if (jdks.stream().noneMatch(j -> j.missing(Step.NATIVE_PGO).isEmpty())) {
            out.add(DoctorCheck.info("native-pgo", "no Oracle GraalVM native-image (GraalVM Community Edition has no"
                    + " PGO): the native-pgo variant is refused", GRAAL_FIX));
        }
        return out;
    }
}
