#include "sampling/samplerregistry.h"

#include <QTest>

using namespace gw;

namespace {
// A backend that opens or not, as told: the registry's behaviour does not
// depend on what a real backend is.
class ScriptedSampler final : public Sampler
{
public:
    ScriptedSampler(QString name, bool opens, QString error, int* opened)
        : m_name(std::move(name))
        , m_opens(opens)
        , m_error(std::move(error))
        , m_opened(opened)
    {}
    QString name() const override { return m_name; }
    bool open() override
    {
        ++*m_opened;
        return m_opens;
    }
    bool sample(Snapshot&) override { return true; }
    QString lastError() const override { return m_error; }
    QString description() const override { return m_name + QStringLiteral(" (2 GPUs)"); }

private:
    QString m_name;
    bool m_opens;
    QString m_error;
    int* m_opened;
};
} // namespace

class TestRegistry : public QObject
{
    Q_OBJECT

    int m_opened[3] = {0, 0, 0};

    SamplerRegistry make(bool a, bool b, bool c)
    {
        for (int& o : m_opened)
            o = 0;
        SamplerRegistry r;
        r.add(QStringLiteral("nvml"), [this, a](const SamplerOptions&) {
            return std::make_unique<ScriptedSampler>(QStringLiteral("nvml"), a,
                                                     QStringLiteral("libnvidia-ml.so.1 not found"),
                                                     &m_opened[0]);
        });
        r.add(QStringLiteral("nvidia-smi"), [this, b](const SamplerOptions&) {
            return std::make_unique<ScriptedSampler>(QStringLiteral("nvidia-smi"), b,
                                                     QStringLiteral("not on PATH"), &m_opened[1]);
        });
        r.add(QStringLiteral("amdgpu"), [this, c](const SamplerOptions&) {
            return std::make_unique<ScriptedSampler>(
                QStringLiteral("amdgpu"), c, QStringLiteral("no amdgpu device"), &m_opened[2]);
        });
        return r;
    }

private Q_SLOTS:
    void firstWorkingBackendWins()
    {
        const Detection d = make(true, true, true).detect({});
        QCOMPARE(d.backend, QStringLiteral("nvml"));
        QVERIFY(d.gpu);
        QCOMPARE(m_opened[1], 0); // later backends are not even tried
        QCOMPARE(d.message, QStringLiteral("Using nvml (2 GPUs)."));
    }

    void fallsBackInOrderAndSaysWhy()
    {
        const Detection d = make(false, true, true).detect({});
        QCOMPARE(d.backend, QStringLiteral("nvidia-smi"));
        QCOMPARE(d.skipped, QStringList{QStringLiteral("nvml: libnvidia-ml.so.1 not found")});
        QCOMPARE(d.message,
                 QStringLiteral(
                     "Using nvidia-smi (2 GPUs). Skipped nvml: libnvidia-ml.so.1 not found."));
        QCOMPARE(m_opened[2], 0);
    }

    void nothingFoundMeansHostOnlyWithEveryReason()
    {
        const Detection d = make(false, false, false).detect({});
        QCOMPARE(d.backend, QStringLiteral("host"));
        QVERIFY(!d.gpu);
        QCOMPARE(d.skipped.size(), 3);
        QVERIFY(d.message.startsWith(QStringLiteral("No GPU found; showing the host only.")));
        QVERIFY(d.message.contains(QStringLiteral("nvml: libnvidia-ml.so.1 not found")));
        QVERIFY(d.message.contains(QStringLiteral("nvidia-smi: not on PATH")));
        QVERIFY(d.message.contains(QStringLiteral("amdgpu: no amdgpu device")));
    }

    void namedBackendIsTheOnlyOneTried()
    {
        const Detection d = make(true, false, true).detect({}, QStringLiteral("nvidia-smi"));
        QCOMPARE(d.backend, QStringLiteral("host"));
        QCOMPARE(m_opened[0], 0);
        QCOMPARE(m_opened[1], 1);
        QCOMPARE(d.skipped, QStringList{QStringLiteral("nvidia-smi: not on PATH")});
    }

    void hostOnlySkipsGpus()
    {
        const Detection d = make(true, true, true).detect({}, QStringLiteral("host"));
        QCOMPARE(d.backend, QStringLiteral("host"));
        QCOMPARE(m_opened[0] + m_opened[1] + m_opened[2], 0);
    }

    void defaultOrderIsNvmlSmiAmd()
    {
        QCOMPARE(SamplerRegistry::defaults().names(),
                 (QStringList{QStringLiteral("nvml"), QStringLiteral("nvidia-smi"),
                              QStringLiteral("amdgpu")}));
    }

    void realBackendsOnEmptyTreesFindNothing()
    {
        // The real samplers pointed at nothing: every one declines with a reason.
        SamplerOptions o;
        o.nvmlLibrary = QStringLiteral("/nonexistent/libnvidia-ml.so.1");
        o.smiProgram = QStringLiteral("/nonexistent/nvidia-smi");
        o.sysRoot = QStringLiteral("/nonexistent-sys");
        const Detection d = SamplerRegistry::defaults().detect(o);
        QCOMPARE(d.backend, QStringLiteral("host"));
        QCOMPARE(d.skipped.size(), 3);
        for (const auto& s : d.skipped)
            QVERIFY2(s.size() > 12, qPrintable(s)); // a reason, not just a name
    }
};

QTEST_GUILESS_MAIN(TestRegistry)
#include "tst_registry.moc"
