#include "procfs.h"

#include <QTest>

class TestProcFs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void placeholder() {}
};

QTEST_GUILESS_MAIN(TestProcFs)
#include "tst_procfs.moc"
