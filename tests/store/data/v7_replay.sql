BEGIN TRANSACTION;
CREATE TABLE actions (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            tool TEXT NOT NULL,
            key TEXT NOT NULL,
            args_json TEXT NOT NULL,
            status TEXT NOT NULL,
            cell TEXT,
            new_evidence INTEGER NOT NULL DEFAULT 0,
            error_type TEXT, data_json TEXT,
            PRIMARY KEY (task_id, step, seq)
        );
INSERT INTO "actions" VALUES('conflict06-done',1,0,'search','search:license sablefish','{"query": "Sablefish license", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',0,NULL,'{"step": 1, "tool": "search", "args": {"query": "Sablefish license", "cell": "Sablefish/license", "strategy": "initial"}, "key": "search:license sablefish", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 5, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-done',2,0,'visit','visit:https://toolsmith-blog.example/2023/03/sablefish-review.html','{"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',1,NULL,'{"step": 2, "tool": "visit", "args": {"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://toolsmith-blog.example/2023/03/sablefish-review.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-done',3,0,'visit','visit:https://opensource-ledger.example/2024/06/sablefish-relicensed.html','{"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',1,NULL,'{"step": 3, "tool": "visit", "args": {"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-done',4,0,'visit','visit:https://clitools-weekly.example/issues/112.html','{"url": "https://clitools-weekly.example/issues/112.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',1,NULL,'{"step": 4, "tool": "visit", "args": {"url": "https://clitools-weekly.example/issues/112.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://clitools-weekly.example/issues/112.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-done',5,0,'visit','visit:https://sablefish.example/docs/getting-started.html','{"url": "https://sablefish.example/docs/getting-started.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',0,NULL,'{"step": 5, "tool": "visit", "args": {"url": "https://sablefish.example/docs/getting-started.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://sablefish.example/docs/getting-started.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-done',6,0,'visit','visit:https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','{"url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',1,NULL,'{"step": 6, "tool": "visit", "args": {"url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-done',7,0,'search','search:license licensed sablefish','{"query": "Sablefish licence licensed", "cell": "Sablefish/license", "strategy": "rephrase"}','ok','Sablefish/license',0,NULL,'{"step": 7, "tool": "search", "args": {"query": "Sablefish licence licensed", "cell": "Sablefish/license", "strategy": "rephrase"}, "key": "search:license licensed sablefish", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-done',8,0,'search','search:documentation license official sablefish','{"query": "Sablefish official documentation license licence", "cell": "Sablefish/license", "strategy": "primary_sources"}','ok','Sablefish/license',0,NULL,'{"step": 8, "tool": "search", "args": {"query": "Sablefish official documentation license licence", "cell": "Sablefish/license", "strategy": "primary_sources"}, "key": "search:documentation license official sablefish", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-mid',1,0,'search','search:license sablefish','{"query": "Sablefish license", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',0,NULL,'{"step": 1, "tool": "search", "args": {"query": "Sablefish license", "cell": "Sablefish/license", "strategy": "initial"}, "key": "search:license sablefish", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 5, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-mid',2,0,'visit','visit:https://toolsmith-blog.example/2023/03/sablefish-review.html','{"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',1,NULL,'{"step": 2, "tool": "visit", "args": {"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://toolsmith-blog.example/2023/03/sablefish-review.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-mid',3,0,'visit','visit:https://opensource-ledger.example/2024/06/sablefish-relicensed.html','{"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',1,NULL,'{"step": 3, "tool": "visit", "args": {"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
CREATE TABLE cells (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            object TEXT NOT NULL,
            dimension TEXT NOT NULL,
            status TEXT NOT NULL,
            value TEXT,
            conclusion TEXT,
            conflict INTEGER NOT NULL DEFAULT 0,
            source_ids_json TEXT NOT NULL DEFAULT '[]', data_json TEXT,
            PRIMARY KEY (task_id, key)
        );
INSERT INTO "cells" VALUES('conflict06-done','Sablefish/license','Sablefish','license','partial','AGPL-3.0','GNU Affero General Public License (conflict resolved: the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it)',1,'["S2", "S3"]','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2", "F4"], "candidate_ids": ["F1", "F3"], "source_ids": ["S2", "S3"], "source_types": ["secondary"], "dates": ["2024-06-03", "2024-06-04"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary, S3 devwire-syndicate.example 2024-06-04 secondary]", "resolution": "the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "gap": "more_sources", "queries": ["Sablefish license", "Sablefish licence licensed", "Sablefish official documentation license licence"], "strategies": ["initial", "rephrase", "primary_sources", "closed"], "rung": 4, "tasked": true, "exhausted": true, "scope_note": "searched 3 queries (''Sablefish license''; ''Sablefish licence licensed''; ''Sablefish official documentation license licence'') and read 5 site(s) (clitools-weekly.example, devwire-syndicate.example, opensource-ledger.example, sablefish.example, toolsmith-blog.example)", "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "cells" VALUES('conflict06-mid','Sablefish/license','Sablefish','license','partial','AGPL-3.0','GNU Affero General Public License (conflict resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)',1,'["S2"]','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2"], "candidate_ids": ["F1"], "source_ids": ["S2"], "source_types": ["secondary"], "dates": ["2024-06-03"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]", "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "gap": "more_sources", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
CREATE TABLE findings (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            cell TEXT NOT NULL,
            value TEXT NOT NULL,
            quote TEXT NOT NULL,
            source_id TEXT NOT NULL,
            url TEXT NOT NULL,
            date TEXT,
            source_type TEXT NOT NULL,
            step INTEGER NOT NULL, data_json TEXT,
            PRIMARY KEY (task_id, id)
        );
INSERT INTO "findings" VALUES('conflict06-done','F1','Sablefish/license','MIT','Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job.','S1','https://toolsmith-blog.example/2023/03/sablefish-review.html','2023-03-08','secondary',2,'{"id": "F1", "cell": "Sablefish/license", "value": "MIT", "display": "MIT License", "quote": "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job.", "source_id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "date": "2023-03-08", "source_type": "secondary", "step": 2, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "findings" VALUES('conflict06-done','F2','Sablefish/license','AGPL-3.0','Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.','S2','https://opensource-ledger.example/2024/06/sablefish-relicensed.html','2024-06-03','secondary',3,'{"id": "F2", "cell": "Sablefish/license", "value": "AGPL-3.0", "display": "GNU Affero General Public License", "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.", "source_id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "date": "2024-06-03", "source_type": "secondary", "step": 3, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "findings" VALUES('conflict06-done','F3','Sablefish/license','MIT','Sablefish is released under the MIT license and is available from most package managers.','S4','https://clitools-weekly.example/issues/112.html','2023-07-21','secondary',4,'{"id": "F3", "cell": "Sablefish/license", "value": "MIT", "display": "MIT license", "quote": "Sablefish is released under the MIT license and is available from most package managers.", "source_id": "S4", "url": "https://clitools-weekly.example/issues/112.html", "date": "2023-07-21", "source_type": "secondary", "step": 4, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "findings" VALUES('conflict06-done','F4','Sablefish/license','AGPL-3.0','Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.','S3','https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','2024-06-04','secondary',6,'{"id": "F4", "cell": "Sablefish/license", "value": "AGPL-3.0", "display": "GNU Affero General Public License", "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.", "source_id": "S3", "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "date": "2024-06-04", "source_type": "secondary", "step": 6, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "findings" VALUES('conflict06-mid','F1','Sablefish/license','MIT','Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job.','S1','https://toolsmith-blog.example/2023/03/sablefish-review.html','2023-03-08','secondary',2,'{"id": "F1", "cell": "Sablefish/license", "value": "MIT", "display": "MIT License", "quote": "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job.", "source_id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "date": "2023-03-08", "source_type": "secondary", "step": 2, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "findings" VALUES('conflict06-mid','F2','Sablefish/license','AGPL-3.0','Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.','S2','https://opensource-ledger.example/2024/06/sablefish-relicensed.html','2024-06-03','secondary',3,'{"id": "F2", "cell": "Sablefish/license", "value": "AGPL-3.0", "display": "GNU Affero General Public License", "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.", "source_id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "date": "2024-06-03", "source_type": "secondary", "step": 3, "policy": "offline", "attribution": "name:Sablefish"}');
CREATE TABLE fingerprints (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            source_id TEXT NOT NULL,
            cluster_id TEXT NOT NULL,
            hashvalues BLOB NOT NULL,
            PRIMARY KEY (task_id, seq)
        );
INSERT INTO "fingerprints" VALUES('conflict06-done',0,'S1','S1',X'BFEF000000000000AF1E93000000000032BE220000000000057DDD01000000009594DB01000000009EE150020000000098D3A20000000000F35CC20000000000B221530100000000CD802E06000000002DA6DB0200000000D1A58800000000007DF96800000000000FF8860000000000D0FAFE02000000002242360000000000AA6D70040000000018EC9E020000000037615B0000000000FF02620400000000E966120200000000DCC49201000000000C33400100000000CED27C010000000064281803000000005FC0F300000000003B847E0300000000B7A59A0000000000930015000000000063EB16010000000016AEC900000000003C06190300000000EBAC040300000000F6DF7F0000000000A8323000000000009C088B000000000079935A0000000000426EA700000000009686220000000000B65C9A000000000097A6A4000000000071A7970000000000B1DDBE0700000000C618310100000000ED5F1B0100000000E36B36020000000057F31E0000000000DA489B0100000000F0A71000000000006C52B70100000000CCDD7D0100000000B5C02A0C00000000F000740100000000E318B902000000008078B1000000000025F2D9010000000048D4330000000000C31ECE0200000000E9064B0A000000003AD1C90500000000D40F7200000000003C1445030000000055BE2C01000000005F066B00000000001C3EBB0000000000F272D70000000000286AE50000000000C3035602000000005A7AD7000000000048F4170000000000D7A7690100000000E65940010000000020B0B900000000009C1E2E0300000000F26437020000000015B2420000000000D53087010000000065F603000000000039C982010000000033C75002000000007C895804000000004D66EF0000000000C073C901000000004006A70100000000E62C2100000000007B34050100000000D840CC00000000001D5B870300000000D19FC60100000000CCD2150000000000B5F566010000000093F481000000000009E15D02000000004AA64004000000000941520100000000AD7ACA03000000007C432A000000000071800E0300000000824E050100000000EED44B000000000080ECB60300000000F698F80000000000663B920000000000003D2902000000003571EC0300000000ABF950000000000086CCD604000000004A505800000000007128DD0000000000ECC5E80100000000154DC000000000006CB6640000000000B31F7F00000000007C9D710000000000C7237902000000004C673D02000000006E5F160000000000DE5B310400000000AEC22700000000008DDB140100000000807DA802000000003671AE0200000000AB00220400000000195C3201000000003E73B501000000008818A100000000002FDE9902000000002209280000000000');
INSERT INTO "fingerprints" VALUES('conflict06-done',1,'S2','S2',X'937D180000000000E910910000000000C659D30400000000276A3102000000008B98AF0000000000AC449B0100000000020DB80100000000757E0603000000007D761500000000004449CE01000000006573550000000000D2EC9402000000001F0B3F0000000000DB9EAD0000000000917E8E01000000003C8D030000000000EE12B50000000000D816F80000000000C0CD790000000000895D9B0000000000190FE900000000007CA48C0000000000B30EBB00000000009C97930300000000BB190100000000007E70890100000000DC9C000000000000FAA0F2000000000077A38E0300000000F871CF00000000007AB4DC000000000005153600000000009049670000000000B0C19E0000000000B5B1B30000000000DF7A400200000000686EE6000000000085768802000000005BD03B0000000000DB07600000000000CFAE6A0000000000C3A7DF000000000015EB8E0100000000D0C3DF000000000027586F02000000005B22E9020000000011ABB0010000000041277D0000000000258BEB000000000069EDF201000000003B431500000000002198DC000000000029E4EE0200000000217498010000000023A7ED0300000000DB0B400100000000C1C334030000000071E8A401000000001A132F0100000000097C280100000000EE8C9601000000002E6575030000000045D4EA00000000002F22510100000000420F90000000000002856000000000009F16530300000000E6ABED0100000000B2D12D0000000000BD745E0000000000B6D52B00000000002043E20200000000E6DE290000000000ACC15F0100000000F360500000000000FA93590300000000C6B2370100000000DFB8270000000000D1DECB0000000000A7AB85050000000041F6760000000000A6973A040000000023585101000000000AFC28020000000036F61F010000000026366F010000000099D5310000000000FCDB0D0100000000234FC0010000000033D46E0100000000E0791D0200000000F41183000000000086A6230000000000C8470D0000000000B9336B020000000082A96E01000000000ED6F90100000000744F960100000000D47C37010000000042943101000000004B59E00000000000DA286700000000003A3B0E02000000004660D901000000003C74D60000000000D8C2C800000000003D51760000000000E74B350000000000CE7DAB000000000094AC4F0000000000A65DE302000000004ED1470000000000FEE8220200000000689514020000000045B049020000000001FA0100000000005910C401000000006F80650200000000B26A6B010000000040C82B0000000000647F490000000000B62FE700000000006D3EBC0100000000E63D0B01000000001E6C110000000000BFA34C00000000001381A202000000003308F80000000000');
INSERT INTO "fingerprints" VALUES('conflict06-done',2,'S4','S4',X'18DEA601000000002129150000000000A88E3F070000000042C91503000000000F9CAB0100000000EB7F260000000000F8712D00000000004973330000000000405CD80000000000FF65F70000000000E6F10002000000006B634B0300000000377F0C0400000000CB3EC403000000008C61080100000000EADDCF0100000000FEACBA0000000000F482540200000000A874E20100000000AA11560200000000815C600000000000E8BFA90000000000AD0831000000000036F21900000000004F66D6010000000024784B0100000000B5F87F01000000006D6C5104000000002DB16F0000000000D421870200000000C99D0D0000000000E4590B0200000000850D5100000000004B8DDF04000000004904ED0000000000A5C814040000000067F80100000000009F36950000000000832AB802000000003BAFA60000000000ACC72B0100000000C876A100000000000DEB9505000000006FC19C00000000004B7189010000000098452401000000007664460100000000FD6C71000000000014284F0200000000CB255E000000000026C784000000000083036802000000004F91120100000000C5716F0000000000AE5AB5000000000013C72300000000002827840100000000C281B902000000003C3C2700000000000B0CD000000000001DCE57000000000041B913010000000096C2150200000000631687000000000065D8230000000000D732B80000000000B10F150000000000D321E100000000006EED720100000000BAAE8802000000001D4E7101000000006BC6BC04000000006FED11030000000015DBD6020000000096D6FE000000000006B4F501000000002CB5950100000000FF385402000000004BB08700000000003DC1570000000000AED65B010000000000E7A20100000000DB3B0F0000000000A69D2300000000005D5A790300000000B488CD010000000018CF9F0000000000518C1D020000000041DD2D0000000000497661080000000005D6E700000000005E5C8C0000000000ED55500100000000A34D92000000000003CF340000000000D1D21801000000005272C5000000000065A4A405000000003022940000000000183973010000000059E05F000000000017549E030000000039CE370000000000ECD14E01000000006E5D5C0000000000C50E280100000000372230010000000052E04D04000000000049AF0000000000EE6A8300000000004BE4B60200000000F9D36001000000001FC22300000000004EC9530100000000882A740000000000DCC61801000000008A9122000000000080B9DE0500000000F19FD50200000000CB5A8E020000000002FB9C02000000007F0C0801000000004F4C03000000000091575D000000000034DF8303000000004F45E30000000000313C230000000000EBE0A60100000000');
INSERT INTO "fingerprints" VALUES('conflict06-done',3,'S5','S5',X'025DE40200000000C36B7901000000003EC32802000000000D284700000000005060090500000000CEE1D80000000000127F6202000000002F4C42060000000038D81E0300000000836DBF0000000000C41B090400000000BF9B1F000000000090BA4E0000000000280141000000000063C8270100000000FCBD3900000000004C462A000000000085A20700000000002BC76A030000000096B63C080000000056CB6B02000000005A90E3040000000012DB2C0000000000C6E0CA060000000056595C03000000008A03B00300000000E3D26D0300000000562C9D00000000000370B2000000000018D365010000000035D57A02000000006D4A170200000000520A2E0200000000BB97B50100000000E960320000000000CFAC2B0200000000FA25940100000000863F040100000000B192991200000000A9B14507000000004CA32C0300000000823526030000000088590B0100000000FB7E270000000000C6F61D04000000006CA3F60000000000EFE47202000000001FC2E600000000003ABF31000000000035177E01000000001AFFEF0700000000088DBC0000000000C134700300000000FDADF9000000000067192101000000005E41070100000000F55EEC0000000000A0D41D030000000008EFAB02000000000739E10200000000B3301F0100000000738A56030000000009738C0500000000FA3610020000000025D6F20100000000E105150200000000C886F301000000008DEC0C000000000016C3EE02000000008D4072000000000034FBF30300000000E2F390000000000014C5190500000000D164F002000000009ED34802000000007AE7940200000000CAE69B0300000000FF746B0100000000D8B56C03000000007CF6BB02000000004DA23B0000000000443C840500000000B7440800000000007BE2160100000000E9C8AE0200000000C857A70700000000CA1F0901000000003E6E670200000000B134190000000000186AB60200000000256E04000000000015CA9605000000006BAD620300000000878B9A0000000000AD42D50100000000672E980000000000165CC0010000000062B0C20300000000708D9F0100000000D7DE5301000000001684E90400000000021F4300000000005B908400000000000CC961050000000087000301000000002FE4AB0200000000D537EF00000000008461030000000000BD7A5C0E0000000096CF59000000000081E9F5000000000076AB750000000000ED5A3D0000000000F6C2B40400000000D013C200000000006B55AD0100000000BE77CB0100000000E098BE040000000062BB5503000000006F2C65010000000049E6100000000000AECC4603000000008F7A530300000000FA3F3601000000000DCC01000000000062E04400000000003F1C9B0100000000DA808B0000000000');
INSERT INTO "fingerprints" VALUES('conflict06-done',4,'S3','S2',X'937D180000000000E910910000000000C659D30400000000276A3102000000008B98AF0000000000AC449B0100000000020DB80100000000757E0603000000007D761500000000004449CE0100000000657355000000000095974100000000001F0B3F0000000000DB9EAD0000000000917E8E01000000003C8D030000000000EE12B50000000000D816F80000000000C0CD790000000000895D9B0000000000190FE900000000007CA48C0000000000B30EBB00000000009C97930300000000BB190100000000007E70890100000000DC9C000000000000FAA0F2000000000077A38E0300000000F871CF00000000007AB4DC000000000005153600000000009049670000000000B0C19E0000000000B5B1B30000000000DF7A400200000000686EE6000000000085768802000000005BD03B0000000000DB07600000000000CFAE6A0000000000C3A7DF000000000015EB8E0100000000D0C3DF000000000070A82702000000005B22E9020000000011ABB0010000000041277D0000000000258BEB000000000069EDF201000000003B431500000000002198DC000000000029E4EE0200000000217498010000000023A7ED0300000000DB0B400100000000C1C334030000000071E8A401000000001A132F0100000000097C280100000000EE8C9601000000002E6575030000000045D4EA00000000002F22510100000000420F90000000000002856000000000009F16530300000000E6ABED0100000000B2D12D0000000000BD745E0000000000B6D52B0000000000AB913E0200000000E6DE290000000000ACC15F0100000000F360500000000000FA93590300000000C6B2370100000000DFB8270000000000D1DECB0000000000A7AB85050000000041F6760000000000A6973A040000000023585101000000000AFC28020000000036F61F010000000026366F010000000099D531000000000041CB000100000000234FC001000000006E02100000000000E0791D0200000000F41183000000000086A6230000000000C8470D0000000000B9336B020000000082A96E01000000003630D50100000000744F960100000000D47C37010000000042943101000000004B59E00000000000DA286700000000003A3B0E02000000004660D901000000003C74D60000000000D8C2C800000000003D51760000000000E74B350000000000CE7DAB000000000094AC4F0000000000A65DE302000000004ED1470000000000FEE8220200000000689514020000000045B049020000000001FA0100000000005910C401000000006F80650200000000B26A6B010000000040C82B0000000000647F490000000000B62FE700000000006D3EBC0100000000E63D0B01000000001E6C110000000000BFA34C000000000015791300000000003308F80000000000');
INSERT INTO "fingerprints" VALUES('conflict06-mid',0,'S1','S1',X'BFEF000000000000AF1E93000000000032BE220000000000057DDD01000000009594DB01000000009EE150020000000098D3A20000000000F35CC20000000000B221530100000000CD802E06000000002DA6DB0200000000D1A58800000000007DF96800000000000FF8860000000000D0FAFE02000000002242360000000000AA6D70040000000018EC9E020000000037615B0000000000FF02620400000000E966120200000000DCC49201000000000C33400100000000CED27C010000000064281803000000005FC0F300000000003B847E0300000000B7A59A0000000000930015000000000063EB16010000000016AEC900000000003C06190300000000EBAC040300000000F6DF7F0000000000A8323000000000009C088B000000000079935A0000000000426EA700000000009686220000000000B65C9A000000000097A6A4000000000071A7970000000000B1DDBE0700000000C618310100000000ED5F1B0100000000E36B36020000000057F31E0000000000DA489B0100000000F0A71000000000006C52B70100000000CCDD7D0100000000B5C02A0C00000000F000740100000000E318B902000000008078B1000000000025F2D9010000000048D4330000000000C31ECE0200000000E9064B0A000000003AD1C90500000000D40F7200000000003C1445030000000055BE2C01000000005F066B00000000001C3EBB0000000000F272D70000000000286AE50000000000C3035602000000005A7AD7000000000048F4170000000000D7A7690100000000E65940010000000020B0B900000000009C1E2E0300000000F26437020000000015B2420000000000D53087010000000065F603000000000039C982010000000033C75002000000007C895804000000004D66EF0000000000C073C901000000004006A70100000000E62C2100000000007B34050100000000D840CC00000000001D5B870300000000D19FC60100000000CCD2150000000000B5F566010000000093F481000000000009E15D02000000004AA64004000000000941520100000000AD7ACA03000000007C432A000000000071800E0300000000824E050100000000EED44B000000000080ECB60300000000F698F80000000000663B920000000000003D2902000000003571EC0300000000ABF950000000000086CCD604000000004A505800000000007128DD0000000000ECC5E80100000000154DC000000000006CB6640000000000B31F7F00000000007C9D710000000000C7237902000000004C673D02000000006E5F160000000000DE5B310400000000AEC22700000000008DDB140100000000807DA802000000003671AE0200000000AB00220400000000195C3201000000003E73B501000000008818A100000000002FDE9902000000002209280000000000');
INSERT INTO "fingerprints" VALUES('conflict06-mid',1,'S2','S2',X'937D180000000000E910910000000000C659D30400000000276A3102000000008B98AF0000000000AC449B0100000000020DB80100000000757E0603000000007D761500000000004449CE01000000006573550000000000D2EC9402000000001F0B3F0000000000DB9EAD0000000000917E8E01000000003C8D030000000000EE12B50000000000D816F80000000000C0CD790000000000895D9B0000000000190FE900000000007CA48C0000000000B30EBB00000000009C97930300000000BB190100000000007E70890100000000DC9C000000000000FAA0F2000000000077A38E0300000000F871CF00000000007AB4DC000000000005153600000000009049670000000000B0C19E0000000000B5B1B30000000000DF7A400200000000686EE6000000000085768802000000005BD03B0000000000DB07600000000000CFAE6A0000000000C3A7DF000000000015EB8E0100000000D0C3DF000000000027586F02000000005B22E9020000000011ABB0010000000041277D0000000000258BEB000000000069EDF201000000003B431500000000002198DC000000000029E4EE0200000000217498010000000023A7ED0300000000DB0B400100000000C1C334030000000071E8A401000000001A132F0100000000097C280100000000EE8C9601000000002E6575030000000045D4EA00000000002F22510100000000420F90000000000002856000000000009F16530300000000E6ABED0100000000B2D12D0000000000BD745E0000000000B6D52B00000000002043E20200000000E6DE290000000000ACC15F0100000000F360500000000000FA93590300000000C6B2370100000000DFB8270000000000D1DECB0000000000A7AB85050000000041F6760000000000A6973A040000000023585101000000000AFC28020000000036F61F010000000026366F010000000099D5310000000000FCDB0D0100000000234FC0010000000033D46E0100000000E0791D0200000000F41183000000000086A6230000000000C8470D0000000000B9336B020000000082A96E01000000000ED6F90100000000744F960100000000D47C37010000000042943101000000004B59E00000000000DA286700000000003A3B0E02000000004660D901000000003C74D60000000000D8C2C800000000003D51760000000000E74B350000000000CE7DAB000000000094AC4F0000000000A65DE302000000004ED1470000000000FEE8220200000000689514020000000045B049020000000001FA0100000000005910C401000000006F80650200000000B26A6B010000000040C82B0000000000647F490000000000B62FE700000000006D3EBC0100000000E63D0B01000000001E6C110000000000BFA34C00000000001381A202000000003308F80000000000');
CREATE TABLE leads (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            canonical_url TEXT NOT NULL,
            cell TEXT NOT NULL,
            data_json TEXT NOT NULL,
            PRIMARY KEY (task_id, seq)
        );
INSERT INTO "leads" VALUES('conflict06-done',0,'https://toolsmith-blog.example/2023/03/sablefish-review.html','Sablefish/license','{"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 1, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT License"}');
INSERT INTO "leads" VALUES('conflict06-done',1,'https://opensource-ledger.example/2024/06/sablefish-relicensed.html','Sablefish/license','{"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 2, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "leads" VALUES('conflict06-done',2,'https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','Sablefish/license','{"url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 3, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "leads" VALUES('conflict06-done',3,'https://clitools-weekly.example/issues/112.html','Sablefish/license','{"url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 4, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT license"}');
INSERT INTO "leads" VALUES('conflict06-done',4,'https://sablefish.example/docs/getting-started.html','Sablefish/license','{"url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 5, "step": 1, "refused": null, "hint": null, "hint_display": null}');
INSERT INTO "leads" VALUES('conflict06-mid',0,'https://toolsmith-blog.example/2023/03/sablefish-review.html','Sablefish/license','{"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 1, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT License"}');
INSERT INTO "leads" VALUES('conflict06-mid',1,'https://opensource-ledger.example/2024/06/sablefish-relicensed.html','Sablefish/license','{"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 2, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "leads" VALUES('conflict06-mid',2,'https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','Sablefish/license','{"url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 3, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "leads" VALUES('conflict06-mid',3,'https://clitools-weekly.example/issues/112.html','Sablefish/license','{"url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 4, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT license"}');
INSERT INTO "leads" VALUES('conflict06-mid',4,'https://sablefish.example/docs/getting-started.html','Sablefish/license','{"url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 5, "step": 1, "refused": null, "hint": null, "hint_display": null}');
CREATE TABLE replay_rows (
            id INTEGER PRIMARY KEY,
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            kind TEXT NOT NULL,
            op TEXT NOT NULL,
            key TEXT,
            data_json TEXT
        );
INSERT INTO "replay_rows" VALUES(1,'conflict06-done',1,'*','reset',NULL,NULL);
INSERT INTO "replay_rows" VALUES(2,'conflict06-done',1,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "pending", "value": null, "conclusion": null, "finding_ids": [], "candidate_ids": [], "source_ids": [], "source_types": [], "dates": [], "independent_sources": 0, "conflict": false, "conflict_note": null, "resolution": null, "needed": "a first source", "gap": "first_source", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(3,'conflict06-done',1,'sources','put','S1','{"id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "domain": "toolsmith-blog.example", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(4,'conflict06-done',1,'sources','put','S2','{"id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "domain": "opensource-ledger.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(5,'conflict06-done',1,'sources','put','S3','{"id": "S3", "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "domain": "devwire-syndicate.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(6,'conflict06-done',1,'sources','put','S4','{"id": "S4", "url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "domain": "clitools-weekly.example", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(7,'conflict06-done',1,'sources','put','S5','{"id": "S5", "url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "domain": "sablefish.example", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(8,'conflict06-done',1,'leads','put','0','{"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 1, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT License"}');
INSERT INTO "replay_rows" VALUES(9,'conflict06-done',1,'leads','put','1','{"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 2, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "replay_rows" VALUES(10,'conflict06-done',1,'leads','put','2','{"url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 3, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "replay_rows" VALUES(11,'conflict06-done',1,'leads','put','3','{"url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 4, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT license"}');
INSERT INTO "replay_rows" VALUES(12,'conflict06-done',1,'leads','put','4','{"url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 5, "step": 1, "refused": null, "hint": null, "hint_display": null}');
INSERT INTO "replay_rows" VALUES(13,'conflict06-done',1,'actions','put','0','{"step": 1, "tool": "search", "args": {"query": "Sablefish license", "cell": "Sablefish/license", "strategy": "initial"}, "key": "search:license sablefish", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 5, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(14,'conflict06-done',2,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "MIT", "conclusion": "MIT License", "finding_ids": ["F1"], "candidate_ids": [], "source_ids": ["S1"], "source_types": ["secondary"], "dates": ["2023-03-08"], "independent_sources": 1, "conflict": false, "conflict_note": null, "resolution": null, "needed": "1 more independent source(s) stating MIT License", "gap": "more_sources", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(15,'conflict06-done',2,'sources','put','S1','{"id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "domain": "toolsmith-blog.example", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S1", "date": "2023-03-08", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 2, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(16,'conflict06-done',2,'findings','put','F1','{"id": "F1", "cell": "Sablefish/license", "value": "MIT", "display": "MIT License", "quote": "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job.", "source_id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "date": "2023-03-08", "source_type": "secondary", "step": 2, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "replay_rows" VALUES(17,'conflict06-done',2,'actions','put','1','{"step": 2, "tool": "visit", "args": {"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://toolsmith-blog.example/2023/03/sablefish-review.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(18,'conflict06-done',3,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2"], "candidate_ids": ["F1"], "source_ids": ["S2"], "source_types": ["secondary"], "dates": ["2024-06-03"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]", "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "gap": "more_sources", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(19,'conflict06-done',3,'sources','put','S2','{"id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "domain": "opensource-ledger.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S2", "date": "2024-06-03", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 3, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(20,'conflict06-done',3,'findings','put','F2','{"id": "F2", "cell": "Sablefish/license", "value": "AGPL-3.0", "display": "GNU Affero General Public License", "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.", "source_id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "date": "2024-06-03", "source_type": "secondary", "step": 3, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "replay_rows" VALUES(21,'conflict06-done',3,'actions','put','2','{"step": 3, "tool": "visit", "args": {"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(22,'conflict06-done',4,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2"], "candidate_ids": ["F1", "F3"], "source_ids": ["S2"], "source_types": ["secondary"], "dates": ["2024-06-03"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]", "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "gap": "more_sources", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(23,'conflict06-done',4,'sources','put','S4','{"id": "S4", "url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "domain": "clitools-weekly.example", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S4", "date": "2023-07-21", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 4, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(24,'conflict06-done',4,'findings','put','F3','{"id": "F3", "cell": "Sablefish/license", "value": "MIT", "display": "MIT license", "quote": "Sablefish is released under the MIT license and is available from most package managers.", "source_id": "S4", "url": "https://clitools-weekly.example/issues/112.html", "date": "2023-07-21", "source_type": "secondary", "step": 4, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "replay_rows" VALUES(25,'conflict06-done',4,'actions','put','3','{"step": 4, "tool": "visit", "args": {"url": "https://clitools-weekly.example/issues/112.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://clitools-weekly.example/issues/112.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(26,'conflict06-done',5,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2"], "candidate_ids": ["F1", "F3"], "source_ids": ["S2"], "source_types": ["secondary"], "dates": ["2024-06-03"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]", "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "gap": "more_sources", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 1}');
INSERT INTO "replay_rows" VALUES(27,'conflict06-done',5,'sources','put','S5','{"id": "S5", "url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "domain": "sablefish.example", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S5", "date": "2024-05-20", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 5, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(28,'conflict06-done',5,'actions','put','4','{"step": 5, "tool": "visit", "args": {"url": "https://sablefish.example/docs/getting-started.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://sablefish.example/docs/getting-started.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(29,'conflict06-done',6,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2", "F4"], "candidate_ids": ["F1", "F3"], "source_ids": ["S2", "S3"], "source_types": ["secondary"], "dates": ["2024-06-03", "2024-06-04"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary, S3 devwire-syndicate.example 2024-06-04 secondary]", "resolution": "the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "gap": "more_sources", "queries": ["Sablefish license"], "strategies": ["initial", "rephrase"], "rung": 1, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(30,'conflict06-done',6,'sources','put','S3','{"id": "S3", "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "domain": "devwire-syndicate.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S2", "date": "2024-06-04", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 6, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(31,'conflict06-done',6,'findings','put','F4','{"id": "F4", "cell": "Sablefish/license", "value": "AGPL-3.0", "display": "GNU Affero General Public License", "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.", "source_id": "S3", "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "date": "2024-06-04", "source_type": "secondary", "step": 6, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "replay_rows" VALUES(32,'conflict06-done',6,'actions','put','5','{"step": 6, "tool": "visit", "args": {"url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(33,'conflict06-done',7,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2", "F4"], "candidate_ids": ["F1", "F3"], "source_ids": ["S2", "S3"], "source_types": ["secondary"], "dates": ["2024-06-03", "2024-06-04"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary, S3 devwire-syndicate.example 2024-06-04 secondary]", "resolution": "the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "gap": "more_sources", "queries": ["Sablefish license", "Sablefish licence licensed"], "strategies": ["initial", "rephrase", "primary_sources"], "rung": 2, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(34,'conflict06-done',7,'actions','put','6','{"step": 7, "tool": "search", "args": {"query": "Sablefish licence licensed", "cell": "Sablefish/license", "strategy": "rephrase"}, "key": "search:license licensed sablefish", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(35,'conflict06-done',8,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2", "F4"], "candidate_ids": ["F1", "F3"], "source_ids": ["S2", "S3"], "source_types": ["secondary"], "dates": ["2024-06-03", "2024-06-04"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary, S3 devwire-syndicate.example 2024-06-04 secondary]", "resolution": "the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "gap": "more_sources", "queries": ["Sablefish license", "Sablefish licence licensed", "Sablefish official documentation license licence"], "strategies": ["initial", "rephrase", "primary_sources", "closed"], "rung": 4, "tasked": true, "exhausted": true, "scope_note": "searched 3 queries (''Sablefish license''; ''Sablefish licence licensed''; ''Sablefish official documentation license licence'') and read 5 site(s) (clitools-weekly.example, devwire-syndicate.example, opensource-ledger.example, sablefish.example, toolsmith-blog.example)", "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(36,'conflict06-done',8,'actions','put','7','{"step": 8, "tool": "search", "args": {"query": "Sablefish official documentation license licence", "cell": "Sablefish/license", "strategy": "primary_sources"}, "key": "search:documentation license official sablefish", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(37,'conflict06-mid',1,'*','reset',NULL,NULL);
INSERT INTO "replay_rows" VALUES(38,'conflict06-mid',1,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "pending", "value": null, "conclusion": null, "finding_ids": [], "candidate_ids": [], "source_ids": [], "source_types": [], "dates": [], "independent_sources": 0, "conflict": false, "conflict_note": null, "resolution": null, "needed": "a first source", "gap": "first_source", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(39,'conflict06-mid',1,'sources','put','S1','{"id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "domain": "toolsmith-blog.example", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(40,'conflict06-mid',1,'sources','put','S2','{"id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "domain": "opensource-ledger.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(41,'conflict06-mid',1,'sources','put','S3','{"id": "S3", "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "domain": "devwire-syndicate.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(42,'conflict06-mid',1,'sources','put','S4','{"id": "S4", "url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "domain": "clitools-weekly.example", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(43,'conflict06-mid',1,'sources','put','S5','{"id": "S5", "url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "domain": "sablefish.example", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(44,'conflict06-mid',1,'leads','put','0','{"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 1, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT License"}');
INSERT INTO "replay_rows" VALUES(45,'conflict06-mid',1,'leads','put','1','{"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 2, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "replay_rows" VALUES(46,'conflict06-mid',1,'leads','put','2','{"url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 3, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "replay_rows" VALUES(47,'conflict06-mid',1,'leads','put','3','{"url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 4, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT license"}');
INSERT INTO "replay_rows" VALUES(48,'conflict06-mid',1,'leads','put','4','{"url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 5, "step": 1, "refused": null, "hint": null, "hint_display": null}');
INSERT INTO "replay_rows" VALUES(49,'conflict06-mid',1,'actions','put','0','{"step": 1, "tool": "search", "args": {"query": "Sablefish license", "cell": "Sablefish/license", "strategy": "initial"}, "key": "search:license sablefish", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 5, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(50,'conflict06-mid',2,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "MIT", "conclusion": "MIT License", "finding_ids": ["F1"], "candidate_ids": [], "source_ids": ["S1"], "source_types": ["secondary"], "dates": ["2023-03-08"], "independent_sources": 1, "conflict": false, "conflict_note": null, "resolution": null, "needed": "1 more independent source(s) stating MIT License", "gap": "more_sources", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(51,'conflict06-mid',2,'sources','put','S1','{"id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "domain": "toolsmith-blog.example", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S1", "date": "2023-03-08", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 2, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(52,'conflict06-mid',2,'findings','put','F1','{"id": "F1", "cell": "Sablefish/license", "value": "MIT", "display": "MIT License", "quote": "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job.", "source_id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "date": "2023-03-08", "source_type": "secondary", "step": 2, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "replay_rows" VALUES(53,'conflict06-mid',2,'actions','put','1','{"step": 2, "tool": "visit", "args": {"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://toolsmith-blog.example/2023/03/sablefish-review.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "replay_rows" VALUES(54,'conflict06-mid',3,'cells','put','Sablefish/license','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2"], "candidate_ids": ["F1"], "source_ids": ["S2"], "source_types": ["secondary"], "dates": ["2024-06-03"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]", "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "gap": "more_sources", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "replay_rows" VALUES(55,'conflict06-mid',3,'sources','put','S2','{"id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "domain": "opensource-ledger.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S2", "date": "2024-06-03", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 3, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "replay_rows" VALUES(56,'conflict06-mid',3,'findings','put','F2','{"id": "F2", "cell": "Sablefish/license", "value": "AGPL-3.0", "display": "GNU Affero General Public License", "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.", "source_id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "date": "2024-06-03", "source_type": "secondary", "step": 3, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "replay_rows" VALUES(57,'conflict06-mid',3,'actions','put','2','{"step": 3, "tool": "visit", "args": {"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
CREATE TABLE replay_steps (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            run_id TEXT,
            run_step INTEGER,
            hard_only INTEGER NOT NULL DEFAULT 0,
            elapsed REAL,
            tokens INTEGER,
            cost REAL,
            stop_reason TEXT,
            stop_detail TEXT,
            core_json TEXT NOT NULL DEFAULT '{}',
            PRIMARY KEY (task_id, step)
        );
INSERT INTO "replay_steps" VALUES('conflict06-done',1,'conflict06-done-r1',1,0,7.40232219995959894731e-02,0,0.0,NULL,NULL,'{"task": "What is the license of Sablefish?", "current_step": 1, "final_result": null, "stop_reason": null, "stop_detail": null, "metadata": {}, "metrics": {}, "risk": [], "counters": {}, "progress": {"tool_calls": 1, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 1, "failures": {}, "consecutive_failures": {"search": 0}, "attempts": {}}, "last_signature": "c82e074095fb5fcc", "notice": null, "focus": "Sablefish/license"}');
INSERT INTO "replay_steps" VALUES('conflict06-done',2,'conflict06-done-r1',2,0,4.12225367999781155958e-01,0,0.0,NULL,NULL,'{"current_step": 2, "progress": {"tool_calls": 2, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 2, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "d831fb77dc3c2ae3"}');
INSERT INTO "replay_steps" VALUES('conflict06-done',3,'conflict06-done-r1',3,0,4.47376893000182462856e-01,0,0.0,NULL,NULL,'{"current_step": 3, "progress": {"tool_calls": 3, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 3, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "ef6262d6315e58c1"}');
INSERT INTO "replay_steps" VALUES('conflict06-done',4,'conflict06-done-r1',4,0,4.62059073000091302674e-01,0,0.0,NULL,NULL,'{"current_step": 4, "progress": {"tool_calls": 4, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 4, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "741ec314d7c14dd2"}');
INSERT INTO "replay_steps" VALUES('conflict06-done',5,'conflict06-done-r1',5,0,4.79763642999387229792e-01,0,0.0,NULL,NULL,'{"current_step": 5, "progress": {"tool_calls": 5, "invalid_actions": 1, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 5, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "9c0796cb3a94a8b2"}');
INSERT INTO "replay_steps" VALUES('conflict06-done',6,'conflict06-done-r1',6,0,4.94067707999420235864e-01,0,0.0,NULL,NULL,'{"current_step": 6, "progress": {"tool_calls": 6, "invalid_actions": 1, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 1, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 6, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "a74ea670341d5344"}');
INSERT INTO "replay_steps" VALUES('conflict06-done',7,'conflict06-done-r1',7,0,5.09107541000048513524e-01,0,0.0,NULL,NULL,'{"current_step": 7, "progress": {"tool_calls": 7, "invalid_actions": 2, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 1, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 7, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "106b12cc19908914"}');
INSERT INTO "replay_steps" VALUES('conflict06-done',8,'conflict06-done-r1',8,0,5.1357622999967134092e-01,0,0.0,'no_new_evidence','no untried path left for 1 open cell(s): Sablefish/license partial (1 more independent source(s) stating GNU Affero General Public License); 3 distinct queries, 5 pages read; last state change at step 8','{"current_step": 8, "stop_reason": "no_new_evidence", "stop_detail": "no untried path left for 1 open cell(s): Sablefish/license partial (1 more independent source(s) stating GNU Affero General Public License); 3 distinct queries, 5 pages read; last state change at step 8", "progress": {"tool_calls": 8, "invalid_actions": 3, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 1, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 8, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "1c62934fd9ec14a9"}');
INSERT INTO "replay_steps" VALUES('conflict06-mid',1,'conflict06-mid-r1',1,0,1.2133596000239776913e-02,0,0.0,NULL,NULL,'{"task": "What is the license of Sablefish?", "current_step": 1, "final_result": null, "stop_reason": null, "stop_detail": null, "metadata": {}, "metrics": {}, "risk": [], "counters": {}, "progress": {"tool_calls": 1, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 1, "failures": {}, "consecutive_failures": {"search": 0}, "attempts": {}}, "last_signature": "c82e074095fb5fcc", "notice": null, "focus": "Sablefish/license"}');
INSERT INTO "replay_steps" VALUES('conflict06-mid',2,'conflict06-mid-r1',2,0,6.82166870001310599036e-02,0,0.0,NULL,NULL,'{"current_step": 2, "progress": {"tool_calls": 2, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 2, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "d831fb77dc3c2ae3"}');
INSERT INTO "replay_steps" VALUES('conflict06-mid',3,'conflict06-mid-r1',3,0,8.29409890002352767623e-02,0,0.0,'budget_steps','3/3 steps','{"current_step": 3, "stop_reason": "budget_steps", "stop_detail": "3/3 steps", "progress": {"tool_calls": 3, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 3, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "ef6262d6315e58c1"}');
CREATE TABLE reports (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('md', 'json')),
            body TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (task_id, run_id, format)
        );
INSERT INTO "reports" VALUES('conflict06-done','conflict06-done-r1','md','# Research report: What is the license of Sablefish?

**Status:** Partial — no_progress  
**Why it stopped:** no_new_evidence: no untried path left for 1 open cell(s): Sablefish/license partial (1 more independent source(s) stating GNU Affero General Public License); 3 distinct queries, 5 pages read; last state change at step 8  
**Open cells (1):** Sablefish/license  
**Task:** `conflict06-done`  
**Cells:** 1 partial  
**Used:** steps 8, tool calls 8, tokens 0, cost 0.00, elapsed seconds 0.54

## Answer

The run is not complete (no_progress): only the confirmed rows below are verified answers; the others are open (see *Open questions*).

| Object | Dimension | Status | Conclusion | Sources |
|---|---|---|---|---|
| Sablefish | license | partial | open (see Open questions) |  |

### Conflicts

- **Sablefish / license**: sources disagree — sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary, S3 devwire-syndicate.example 2024-06-04 secondary]; resolved: the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it

## Verified claims

No claim is verified yet.

## Open questions

- **Sablefish / license** (partial): still needed: 1 more independent source(s) stating GNU Affero General Public License
  - candidate (not cross-checked): GNU Affero General Public License — [S2] Sablefish log viewer switches to copyleft terms — https://opensource-ledger.example/2024/06/sablefish-relicensed.html (secondary, 2024-06-03): "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday."
  - candidate (not cross-checked): GNU Affero General Public License — [S3] Sablefish log viewer switches to copyleft terms — https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html (secondary, 2024-06-04): "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday."
  - candidate (not cross-checked): MIT License — [S1] Sablefish: a log viewer that respects your terminal — https://toolsmith-blog.example/2023/03/sablefish-review.html (secondary, 2023-03-08): "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job."
  - candidate (not cross-checked): MIT license — [S4] CLI Tools Weekly, issue 112 — https://clitools-weekly.example/issues/112.html (secondary, 2023-07-21): "Sablefish is released under the MIT license and is available from most package managers."
  - conflict: the conditions differ — sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary, S3 devwire-syndicate.example 2024-06-04 secondary] (resolved: the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it)
  - scope: searched 3 queries so far, strategy rung: closed

## Paths already tried

8 tool calls ran; a resume does not repeat any of them.

- **Sablefish / license** — no untried path left
  - queries: `Sablefish license`, `Sablefish licence licensed`, `Sablefish official documentation license licence`
  - strategies: initial → rephrase → primary_sources → closed
  - sources opened: [S2], [S3], [S1], [S4], [S5]

## How to resume

Not resumable: a resume cannot change this ending: no open cell has an untried path left. What could change it, as a new task:

- more sources: a corpus folder with pages this run has not seen: `research run "What is the license of Sablefish?" --corpus DIR`
- another search backend (the web): `research run "What is the license of Sablefish?" --search searxng --search-url URL`
- a wider contract (other objects or dimensions, fewer required sources): `research run "What is the license of Sablefish?" --show-contract > task.toml; edit it; research run --contract task.toml`

## Sources

| Id | Title | URL | Type | Read | Cluster |
|---|---|---|---|---|---|
| S1 | Sablefish: a log viewer that respects your terminal | https://toolsmith-blog.example/2023/03/sablefish-review.html | secondary | opened | S1 |
| S2 | Sablefish log viewer switches to copyleft terms | https://opensource-ledger.example/2024/06/sablefish-relicensed.html | secondary | opened | S2 |
| S3 | Sablefish log viewer switches to copyleft terms | https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html | secondary | opened | S2 |
| S4 | CLI Tools Weekly, issue 112 | https://clitools-weekly.example/issues/112.html | secondary | opened | S4 |
| S5 | Getting started with Sablefish | https://sablefish.example/docs/getting-started.html | secondary | opened | S5 |
','2026-12-02T06:35:25.512491+00:00');
INSERT INTO "reports" VALUES('conflict06-done','conflict06-done-r1','json','{
  "task_id": "conflict06-done",
  "question": "What is the license of Sablefish?",
  "status": "Partial",
  "end_kind": "no_progress",
  "stop_reason": "no_new_evidence",
  "stop_detail": "no untried path left for 1 open cell(s): Sablefish/license partial (1 more independent source(s) stating GNU Affero General Public License); 3 distinct queries, 5 pages read; last state change at step 8",
  "answer": [
    {
      "cell": "Sablefish/license",
      "object": "Sablefish",
      "dimension": "license",
      "status": "partial",
      "conclusion": null,
      "source_ids": [],
      "conflict": true,
      "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary, S3 devwire-syndicate.example 2024-06-04 secondary]",
      "resolution": "the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it",
      "irrelevant_reason": null,
      "scope_note": "searched 3 queries (''Sablefish license''; ''Sablefish licence licensed''; ''Sablefish official documentation license licence'') and read 5 site(s) (clitools-weekly.example, devwire-syndicate.example, opensource-ledger.example, sablefish.example, toolsmith-blog.example)"
    }
  ],
  "answer_text": null,
  "verified_claims": [],
  "open_questions": [
    {
      "cell": "Sablefish/license",
      "object": "Sablefish",
      "dimension": "license",
      "status": "partial",
      "needed": "1 more independent source(s) stating GNU Affero General Public License",
      "candidates": [
        {
          "finding_id": "F2",
          "value": "GNU Affero General Public License",
          "cross_checked": false,
          "id": "S2",
          "title": "Sablefish log viewer switches to copyleft terms",
          "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html",
          "source_type": "secondary",
          "date": "2024-06-03",
          "opened": true,
          "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday."
        },
        {
          "finding_id": "F4",
          "value": "GNU Affero General Public License",
          "cross_checked": false,
          "id": "S3",
          "title": "Sablefish log viewer switches to copyleft terms",
          "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html",
          "source_type": "secondary",
          "date": "2024-06-04",
          "opened": true,
          "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday."
        },
        {
          "finding_id": "F1",
          "value": "MIT License",
          "cross_checked": false,
          "id": "S1",
          "title": "Sablefish: a log viewer that respects your terminal",
          "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html",
          "source_type": "secondary",
          "date": "2023-03-08",
          "opened": true,
          "quote": "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job."
        },
        {
          "finding_id": "F3",
          "value": "MIT license",
          "cross_checked": false,
          "id": "S4",
          "title": "CLI Tools Weekly, issue 112",
          "url": "https://clitools-weekly.example/issues/112.html",
          "source_type": "secondary",
          "date": "2023-07-21",
          "opened": true,
          "quote": "Sablefish is released under the MIT license and is available from most package managers."
        }
      ],
      "conflict": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary, S3 devwire-syndicate.example 2024-06-04 secondary]",
      "conflict_resolution": "the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it",
      "scope": "searched 3 queries so far, strategy rung: closed",
      "exhausted": true
    }
  ],
  "conflicts": [
    {
      "cell": "Sablefish/license",
      "conditions": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary, S3 devwire-syndicate.example 2024-06-04 secondary]",
      "resolution": "the newest source (2024-06-04) states GNU Affero General Public License; older sources predate it",
      "resolved": true
    }
  ],
  "paths_tried": {
    "cells": [
      {
        "cell": "Sablefish/license",
        "queries": [
          "Sablefish license",
          "Sablefish licence licensed",
          "Sablefish official documentation license licence"
        ],
        "strategies": [
          "initial",
          "rephrase",
          "primary_sources",
          "closed"
        ],
        "sources_opened": [
          "S2",
          "S3",
          "S1",
          "S4",
          "S5"
        ],
        "exhausted": true
      }
    ],
    "failed_calls": [],
    "tool_calls": 8
  },
  "resumable": false,
  "resume_command": null,
  "resume_options": [
    {
      "change": "more sources: a corpus folder with pages this run has not seen",
      "command": "research run \"What is the license of Sablefish?\" --corpus DIR"
    },
    {
      "change": "another search backend (the web)",
      "command": "research run \"What is the license of Sablefish?\" --search searxng --search-url URL"
    },
    {
      "change": "a wider contract (other objects or dimensions, fewer required sources)",
      "command": "research run \"What is the license of Sablefish?\" --show-contract > task.toml; edit it; research run --contract task.toml"
    }
  ],
  "not_resumable_reason": "this run cannot be continued.",
  "sources": [
    {
      "id": "S1",
      "title": "Sablefish: a log viewer that respects your terminal",
      "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html",
      "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html",
      "domain": "toolsmith-blog.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S1",
      "date": "2023-03-08",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S2",
      "title": "Sablefish log viewer switches to copyleft terms",
      "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html",
      "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html",
      "domain": "opensource-ledger.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S2",
      "date": "2024-06-03",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S3",
      "title": "Sablefish log viewer switches to copyleft terms",
      "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html",
      "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html",
      "domain": "devwire-syndicate.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S2",
      "date": "2024-06-04",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S4",
      "title": "CLI Tools Weekly, issue 112",
      "url": "https://clitools-weekly.example/issues/112.html",
      "canonical_url": "https://clitools-weekly.example/issues/112.html",
      "domain": "clitools-weekly.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S4",
      "date": "2023-07-21",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S5",
      "title": "Getting started with Sablefish",
      "url": "https://sablefish.example/docs/getting-started.html",
      "canonical_url": "https://sablefish.example/docs/getting-started.html",
      "domain": "sablefish.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S5",
      "date": "2024-05-20",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    }
  ],
  "risk": [],
  "usage": {
    "steps": 8,
    "tool_calls": 8,
    "tokens": 0,
    "cost": 0.0,
    "elapsed_seconds": 0.539
  },
  "counts": {
    "confirmed": 0,
    "partial": 1,
    "pending": 0,
    "unavailable": 0,
    "irrelevant": 0
  },
  "answer_by": null
}','2026-12-02T06:35:25.512491+00:00');
INSERT INTO "reports" VALUES('conflict06-mid','conflict06-mid-r1','md','# Research report: What is the license of Sablefish?

**Status:** Partial — budget_exhausted  
**Why it stopped:** budget_steps: 3/3 steps  
**Open cells (1):** Sablefish/license  
**Task:** `conflict06-mid`  
**Cells:** 1 partial  
**Used:** steps 3, tool calls 3, tokens 0, cost 0.00, elapsed seconds 0.14

## Answer

The run is not complete (budget_exhausted): only the confirmed rows below are verified answers; the others are open (see *Open questions*).

| Object | Dimension | Status | Conclusion | Sources |
|---|---|---|---|---|
| Sablefish | license | partial | open (see Open questions) |  |

### Conflicts

- **Sablefish / license**: sources disagree — sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]; resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it

## Verified claims

No claim is verified yet.

## Open questions

- **Sablefish / license** (partial): still needed: 1 more independent source(s) stating GNU Affero General Public License
  - candidate (not cross-checked): GNU Affero General Public License — [S2] Sablefish log viewer switches to copyleft terms — https://opensource-ledger.example/2024/06/sablefish-relicensed.html (secondary, 2024-06-03): "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday."
  - candidate (not cross-checked): MIT License — [S1] Sablefish: a log viewer that respects your terminal — https://toolsmith-blog.example/2023/03/sablefish-review.html (secondary, 2023-03-08): "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job."
  - conflict: the conditions differ — sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary] (resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)
  - scope: searched 1 query so far, strategy rung: initial

## Paths already tried

3 tool calls ran; a resume does not repeat any of them.

- **Sablefish / license**
  - queries: `Sablefish license`
  - strategies: initial
  - sources opened: [S2], [S1]

## How to resume

Continue from the 1 open cell with:

```
research resume conflict06-mid --db /tmp/tmp_rrg3och/v7.db --add-steps 20
```

## Sources

| Id | Title | URL | Type | Read | Cluster |
|---|---|---|---|---|---|
| S1 | Sablefish: a log viewer that respects your terminal | https://toolsmith-blog.example/2023/03/sablefish-review.html | secondary | opened | S1 |
| S2 | Sablefish log viewer switches to copyleft terms | https://opensource-ledger.example/2024/06/sablefish-relicensed.html | secondary | opened | S2 |
| S3 | Sablefish log viewer switches to copyleft terms | https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html | secondary | snippet only |  |
| S4 | CLI Tools Weekly, issue 112 | https://clitools-weekly.example/issues/112.html | secondary | snippet only |  |
| S5 | Getting started with Sablefish | https://sablefish.example/docs/getting-started.html | secondary | snippet only |  |
','2026-12-02T06:35:26.032588+00:00');
INSERT INTO "reports" VALUES('conflict06-mid','conflict06-mid-r1','json','{
  "task_id": "conflict06-mid",
  "question": "What is the license of Sablefish?",
  "status": "Partial",
  "end_kind": "budget_exhausted",
  "stop_reason": "budget_steps",
  "stop_detail": "3/3 steps",
  "answer": [
    {
      "cell": "Sablefish/license",
      "object": "Sablefish",
      "dimension": "license",
      "status": "partial",
      "conclusion": null,
      "source_ids": [],
      "conflict": true,
      "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]",
      "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it",
      "irrelevant_reason": null,
      "scope_note": null
    }
  ],
  "answer_text": null,
  "verified_claims": [],
  "open_questions": [
    {
      "cell": "Sablefish/license",
      "object": "Sablefish",
      "dimension": "license",
      "status": "partial",
      "needed": "1 more independent source(s) stating GNU Affero General Public License",
      "candidates": [
        {
          "finding_id": "F2",
          "value": "GNU Affero General Public License",
          "cross_checked": false,
          "id": "S2",
          "title": "Sablefish log viewer switches to copyleft terms",
          "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html",
          "source_type": "secondary",
          "date": "2024-06-03",
          "opened": true,
          "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday."
        },
        {
          "finding_id": "F1",
          "value": "MIT License",
          "cross_checked": false,
          "id": "S1",
          "title": "Sablefish: a log viewer that respects your terminal",
          "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html",
          "source_type": "secondary",
          "date": "2023-03-08",
          "opened": true,
          "quote": "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job."
        }
      ],
      "conflict": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]",
      "conflict_resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it",
      "scope": "searched 1 query so far, strategy rung: initial",
      "exhausted": false
    }
  ],
  "conflicts": [
    {
      "cell": "Sablefish/license",
      "conditions": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]",
      "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it",
      "resolved": true
    }
  ],
  "paths_tried": {
    "cells": [
      {
        "cell": "Sablefish/license",
        "queries": [
          "Sablefish license"
        ],
        "strategies": [
          "initial"
        ],
        "sources_opened": [
          "S2",
          "S1"
        ],
        "exhausted": false
      }
    ],
    "failed_calls": [],
    "tool_calls": 3
  },
  "resumable": true,
  "resume_command": "research resume conflict06-mid --db /tmp/tmp_rrg3och/v7.db --add-steps 20",
  "resume_options": [],
  "not_resumable_reason": null,
  "sources": [
    {
      "id": "S1",
      "title": "Sablefish: a log viewer that respects your terminal",
      "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html",
      "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html",
      "domain": "toolsmith-blog.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S1",
      "date": "2023-03-08",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S2",
      "title": "Sablefish log viewer switches to copyleft terms",
      "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html",
      "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html",
      "domain": "opensource-ledger.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S2",
      "date": "2024-06-03",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S3",
      "title": "Sablefish log viewer switches to copyleft terms",
      "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html",
      "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html",
      "domain": "devwire-syndicate.example",
      "source_type": "secondary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S4",
      "title": "CLI Tools Weekly, issue 112",
      "url": "https://clitools-weekly.example/issues/112.html",
      "canonical_url": "https://clitools-weekly.example/issues/112.html",
      "domain": "clitools-weekly.example",
      "source_type": "secondary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S5",
      "title": "Getting started with Sablefish",
      "url": "https://sablefish.example/docs/getting-started.html",
      "canonical_url": "https://sablefish.example/docs/getting-started.html",
      "domain": "sablefish.example",
      "source_type": "secondary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    }
  ],
  "risk": [],
  "usage": {
    "steps": 3,
    "tool_calls": 3,
    "tokens": 0,
    "cost": 0.0,
    "elapsed_seconds": 0.14
  },
  "counts": {
    "confirmed": 0,
    "partial": 1,
    "pending": 0,
    "unavailable": 0,
    "irrelevant": 0
  },
  "answer_by": null
}','2026-12-02T06:35:26.032588+00:00');
CREATE TABLE runs (
            id TEXT PRIMARY KEY,
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('first', 'resume')),
            started_at TEXT NOT NULL,
            ended_at TEXT,
            end_kind TEXT,
            stop_reason TEXT,
            stop_detail TEXT,
            steps INTEGER NOT NULL DEFAULT 0,
            pid INTEGER, usage_json TEXT NOT NULL DEFAULT '{}', start_step INTEGER NOT NULL DEFAULT 0, stop_settings_json TEXT,
            UNIQUE (task_id, number)
        );
INSERT INTO "runs" VALUES('conflict06-done-r1','conflict06-done',1,'first','2026-12-02T06:35:24.556298+00:00','2026-12-02T06:35:25.512491+00:00','no_progress','no_new_evidence','no untried path left for 1 open cell(s): Sablefish/license partial (1 more independent source(s) stating GNU Affero General Public License); 3 distinct queries, 5 pages read; last state change at step 8',8,29819,'{"steps":8,"tool_calls":8,"tokens":0,"cost":0.0,"elapsed_seconds":0.539}',0,'{"stopper": "evidence", "min_sources": 2, "max_unchanged_steps": 20, "max_duplicates": 3, "max_consecutive_failures": 6, "max_tool_calls": null, "max_steps": 30, "max_seconds": null, "max_tokens": null, "max_cost": null}');
INSERT INTO "runs" VALUES('conflict06-mid-r1','conflict06-mid',1,'first','2026-12-02T06:35:25.559872+00:00','2026-12-02T06:35:26.032588+00:00','budget_exhausted','budget_steps','3/3 steps',3,29819,'{"steps":3,"tool_calls":3,"tokens":0,"cost":0.0,"elapsed_seconds":0.141}',0,'{"stopper": "evidence", "min_sources": 2, "max_unchanged_steps": 20, "max_duplicates": 3, "max_consecutive_failures": 6, "max_tool_calls": null, "max_steps": 3, "max_seconds": null, "max_tokens": null, "max_cost": null}');
CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
INSERT INTO "schema_migrations" VALUES(1,'m001_initial','2026-12-02T06:35:24.526943+00:00');
INSERT INTO "schema_migrations" VALUES(2,'m002_run_usage','2026-12-02T06:35:24.537554+00:00');
INSERT INTO "schema_migrations" VALUES(3,'m003_run_start_step','2026-12-02T06:35:24.537742+00:00');
INSERT INTO "schema_migrations" VALUES(4,'m004_incremental_state','2026-12-02T06:35:24.538354+00:00');
INSERT INTO "schema_migrations" VALUES(5,'m005_progress_counters','2026-12-02T06:35:24.538436+00:00');
INSERT INTO "schema_migrations" VALUES(6,'m006_fingerprint_version','2026-12-02T06:35:24.538458+00:00');
INSERT INTO "schema_migrations" VALUES(7,'m008_replay_steps','2026-12-02T06:35:24.538673+00:00');
CREATE TABLE sources (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            url TEXT NOT NULL,
            canonical_url TEXT NOT NULL,
            domain TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            source_type TEXT NOT NULL DEFAULT 'unknown',
            opened INTEGER NOT NULL DEFAULT 0,
            cluster_id TEXT,
            date TEXT, data_json TEXT,
            PRIMARY KEY (task_id, id)
        );
INSERT INTO "sources" VALUES('conflict06-done','S1','https://toolsmith-blog.example/2023/03/sablefish-review.html','https://toolsmith-blog.example/2023/03/sablefish-review.html','toolsmith-blog.example','Sablefish: a log viewer that respects your terminal','secondary',1,'S1','2023-03-08','{"id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "domain": "toolsmith-blog.example", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S1", "date": "2023-03-08", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 2, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-done','S2','https://opensource-ledger.example/2024/06/sablefish-relicensed.html','https://opensource-ledger.example/2024/06/sablefish-relicensed.html','opensource-ledger.example','Sablefish log viewer switches to copyleft terms','secondary',1,'S2','2024-06-03','{"id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "domain": "opensource-ledger.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S2", "date": "2024-06-03", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 3, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-done','S3','https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','devwire-syndicate.example','Sablefish log viewer switches to copyleft terms','secondary',1,'S2','2024-06-04','{"id": "S3", "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "domain": "devwire-syndicate.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S2", "date": "2024-06-04", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 6, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-done','S4','https://clitools-weekly.example/issues/112.html','https://clitools-weekly.example/issues/112.html','clitools-weekly.example','CLI Tools Weekly, issue 112','secondary',1,'S4','2023-07-21','{"id": "S4", "url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "domain": "clitools-weekly.example", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S4", "date": "2023-07-21", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 4, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-done','S5','https://sablefish.example/docs/getting-started.html','https://sablefish.example/docs/getting-started.html','sablefish.example','Getting started with Sablefish','secondary',1,'S5','2024-05-20','{"id": "S5", "url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "domain": "sablefish.example", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S5", "date": "2024-05-20", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 5, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-mid','S1','https://toolsmith-blog.example/2023/03/sablefish-review.html','https://toolsmith-blog.example/2023/03/sablefish-review.html','toolsmith-blog.example','Sablefish: a log viewer that respects your terminal','secondary',1,'S1','2023-03-08','{"id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "domain": "toolsmith-blog.example", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S1", "date": "2023-03-08", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 2, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-mid','S2','https://opensource-ledger.example/2024/06/sablefish-relicensed.html','https://opensource-ledger.example/2024/06/sablefish-relicensed.html','opensource-ledger.example','Sablefish log viewer switches to copyleft terms','secondary',1,'S2','2024-06-03','{"id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "domain": "opensource-ledger.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S2", "date": "2024-06-03", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 3, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-mid','S3','https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','devwire-syndicate.example','Sablefish log viewer switches to copyleft terms','secondary',0,NULL,NULL,'{"id": "S3", "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "domain": "devwire-syndicate.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-mid','S4','https://clitools-weekly.example/issues/112.html','https://clitools-weekly.example/issues/112.html','clitools-weekly.example','CLI Tools Weekly, issue 112','secondary',0,NULL,NULL,'{"id": "S4", "url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "domain": "clitools-weekly.example", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-mid','S5','https://sablefish.example/docs/getting-started.html','https://sablefish.example/docs/getting-started.html','sablefish.example','Getting started with Sablefish','secondary',0,NULL,NULL,'{"id": "S5", "url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "domain": "sablefish.example", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
CREATE TABLE state (
            task_id TEXT PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            state_json TEXT NOT NULL,
            signature TEXT NOT NULL,
            updated_at TEXT NOT NULL
        , layout INTEGER NOT NULL DEFAULT 1, generation INTEGER NOT NULL DEFAULT 0);
INSERT INTO "state" VALUES('conflict06-done',8,'{"task": "What is the license of Sablefish?", "current_step": 8, "final_result": null, "stop_reason": "no_new_evidence", "stop_detail": "no untried path left for 1 open cell(s): Sablefish/license partial (1 more independent source(s) stating GNU Affero General Public License); 3 distinct queries, 5 pages read; last state change at step 8", "metadata": {}, "metrics": {}, "contract": {"question": "What is the license of Sablefish?", "objects": [{"name": "Sablefish", "aliases": [], "official_domains": []}], "dimensions": [{"name": "license", "keywords": ["license", "licence", "licensed"], "kind": "license", "values": [], "unit": null, "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}, "risk": [], "counters": {}, "progress": {"tool_calls": 8, "invalid_actions": 3, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 1, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 8, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "1c62934fd9ec14a9", "notice": null, "focus": "Sablefish/license", "step_log": [{"step": 1, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 0, "pending": 1, "unavailable": 0, "irrelevant": 0}}, {"step": 2, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 3, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 4, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 5, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 6, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 7, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 8, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}], "clusters": {"threshold": 0.7, "num_perm": 128, "scheme": "affine32", "version": 2}, "clusters_present": true}','1c62934fd9ec14a9','2026-12-02T06:35:25.512836+00:00',2,9);
INSERT INTO "state" VALUES('conflict06-mid',3,'{"task": "What is the license of Sablefish?", "current_step": 3, "final_result": null, "stop_reason": "budget_steps", "stop_detail": "3/3 steps", "metadata": {}, "metrics": {}, "contract": {"question": "What is the license of Sablefish?", "objects": [{"name": "Sablefish", "aliases": [], "official_domains": []}], "dimensions": [{"name": "license", "keywords": ["license", "licence", "licensed"], "kind": "license", "values": [], "unit": null, "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}, "risk": [], "counters": {}, "progress": {"tool_calls": 3, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 3, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "ef6262d6315e58c1", "notice": null, "focus": "Sablefish/license", "step_log": [{"step": 1, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 0, "pending": 1, "unavailable": 0, "irrelevant": 0}}, {"step": 2, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 3, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}], "clusters": {"threshold": 0.7, "num_perm": 128, "scheme": "affine32", "version": 2}, "clusters_present": true}','ef6262d6315e58c1','2026-12-02T06:35:26.033001+00:00',2,4);
CREATE TABLE tasks (
            id TEXT PRIMARY KEY,
            question TEXT NOT NULL,
            contract_json TEXT NOT NULL,
            contract_version TEXT NOT NULL,
            config_json TEXT NOT NULL DEFAULT '{}',
            tools_json TEXT NOT NULL DEFAULT '[]',
            status TEXT NOT NULL DEFAULT 'created',
            end_kind TEXT,
            stop_reason TEXT,
            stop_detail TEXT,
            budget_json TEXT NOT NULL DEFAULT '{}',
            usage_json TEXT NOT NULL DEFAULT '{}',
            cancel_requested INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
INSERT INTO "tasks" VALUES('conflict06-done','What is the license of Sablefish?','{"question": "What is the license of Sablefish?", "objects": [{"name": "Sablefish", "aliases": [], "official_domains": []}], "dimensions": [{"name": "license", "keywords": ["license", "licence", "licensed"], "kind": "license", "values": [], "unit": null, "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}','6df21d17d8f0','{"db": "/tmp/tmp_rrg3och/v7.db", "traces": "/tmp/tmp_rrg3och/traces", "model": "offline", "openai_base_url": null, "prices_file": null, "openai_structured_output": "auto", "llm_capabilities_file": null, "planner": "auto", "llm_timeout": 120.0, "llm_attempts": 4, "llm_max_tokens_plan": 200, "llm_max_tokens_extract": 600, "llm_max_tokens_judge": 150, "llm_max_tokens_synthesize": 600, "llm_max_tokens_contract": 600, "llm_invalid_retries": 2, "llm_page_chars": 12000, "offline_guard": false, "record_script": null, "corpus": "evalsets/conflict/conflict-06", "with_corpus": false, "search_backend": "local", "searxng_url": null, "max_steps": 30, "max_time": null, "max_tokens": null, "max_cost": null, "risk_policy": null, "http_timeout": 0.5, "max_page_bytes": 2000000, "retry_base_delay": 0.05, "retry_max_delay": 0.5, "transient_attempts": 3, "max_consecutive_failures": 6, "max_unchanged_steps": 20, "max_duplicates": 3, "max_tool_calls": null, "prefetch": 4, "prefetch_per_host": 2}','["search:local", "visit"]','partial','no_progress','no_new_evidence','no untried path left for 1 open cell(s): Sablefish/license partial (1 more independent source(s) stating GNU Affero General Public License); 3 distinct queries, 5 pages read; last state change at step 8','{"max_steps": 30, "max_time": null, "max_tokens": null, "max_cost": null}','{"steps":8,"tool_calls":8,"tokens":0,"cost":0.0,"elapsed_seconds":0.539}',0,'2026-12-02T06:35:24.539160+00:00','2026-12-02T06:35:25.512491+00:00');
INSERT INTO "tasks" VALUES('conflict06-mid','What is the license of Sablefish?','{"question": "What is the license of Sablefish?", "objects": [{"name": "Sablefish", "aliases": [], "official_domains": []}], "dimensions": [{"name": "license", "keywords": ["license", "licence", "licensed"], "kind": "license", "values": [], "unit": null, "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}','6df21d17d8f0','{"db": "/tmp/tmp_rrg3och/v7.db", "traces": "/tmp/tmp_rrg3och/traces", "model": "offline", "openai_base_url": null, "prices_file": null, "openai_structured_output": "auto", "llm_capabilities_file": null, "planner": "auto", "llm_timeout": 120.0, "llm_attempts": 4, "llm_max_tokens_plan": 200, "llm_max_tokens_extract": 600, "llm_max_tokens_judge": 150, "llm_max_tokens_synthesize": 600, "llm_max_tokens_contract": 600, "llm_invalid_retries": 2, "llm_page_chars": 12000, "offline_guard": false, "record_script": null, "corpus": "evalsets/conflict/conflict-06", "with_corpus": false, "search_backend": "local", "searxng_url": null, "max_steps": 3, "max_time": null, "max_tokens": null, "max_cost": null, "risk_policy": null, "http_timeout": 0.5, "max_page_bytes": 2000000, "retry_base_delay": 0.05, "retry_max_delay": 0.5, "transient_attempts": 3, "max_consecutive_failures": 6, "max_unchanged_steps": 20, "max_duplicates": 3, "max_tool_calls": null, "prefetch": 4, "prefetch_per_host": 2}','["search:local", "visit"]','partial','budget_exhausted','budget_steps','3/3 steps','{"max_steps": 3, "max_time": null, "max_tokens": null, "max_cost": null}','{"steps":3,"tool_calls":3,"tokens":0,"cost":0.0,"elapsed_seconds":0.141}',0,'2026-12-02T06:35:25.541885+00:00','2026-12-02T06:35:26.032588+00:00');
CREATE INDEX tasks_status ON tasks (status, updated_at);
CREATE INDEX sources_canonical ON sources (task_id, canonical_url);
CREATE INDEX actions_key ON actions (task_id, key);
CREATE INDEX replay_rows_task ON replay_rows (task_id, id)
        ;
COMMIT;
