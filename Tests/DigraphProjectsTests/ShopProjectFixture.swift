/// A pbxproj as Xcode 16 writes it for a shop app: an app, a widget extension (a synchronized
/// folder with exception sets), a shared framework, unit tests hosted in the app, UI tests, a
/// resource bundle, an aggregate target, groups three deep with `<group>`, `SOURCE_ROOT`,
/// `<absolute>` and build-product paths, a remote and a local Swift package.
/// `vendorFolder`: the absolute folder of the `<absolute>` file reference.
func shopProjectFile(vendorFolder: String) -> String {
    #"""
// !$*UTF8*$!
{
	archiveVersion = 1;
	classes = {
	};
	objectVersion = 77;
	objects = {

/* Begin PBXAggregateTarget section */
		8D1E0F2A3B4C000000000011 /* Lint */ = {
			isa = PBXAggregateTarget;
			buildConfigurationList = 8D1E0F2A3B4C000000000012 /* Build configuration list for PBXAggregateTarget "Lint" */;
			buildPhases = (
			);
			dependencies = (
			);
			name = Lint;
			productName = Lint;
		};
/* End PBXAggregateTarget section */

/* Begin PBXBuildFile section */
		8D1E0F2A3B4C000000000013 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000014 /* AppDelegate.swift */; };
		8D1E0F2A3B4C000000000015 /* ContentView.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000016 /* ContentView.swift */; };
		8D1E0F2A3B4C000000000017 /* ProfileView.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000018 /* ProfileView.swift */; };
		8D1E0F2A3B4C000000000019 /* ProfileViewModel.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C00000000001A /* ProfileViewModel.swift */; };
		8D1E0F2A3B4C00000000001B /* CheckoutView.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C00000000001C /* CheckoutView.swift */; };
		8D1E0F2A3B4C00000000001D /* Localized.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C00000000001E /* Localized.swift */; };
		8D1E0F2A3B4C00000000001F /* Logging.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000020 /* Logging.swift */; };
		8D1E0F2A3B4C000000000021 /* Analytics.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000022 /* Analytics.swift */; };
		8D1E0F2A3B4C000000000023 /* R.generated.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000024 /* R.generated.swift */; };
		8D1E0F2A3B4C000000000025 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000026 /* Assets.xcassets */; };
		8D1E0F2A3B4C000000000027 /* SharedKit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000028 /* SharedKit.framework */; };
		8D1E0F2A3B4C000000000029 /* SharedKit.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000028 /* SharedKit.framework */; settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };
		8D1E0F2A3B4C00000000002A /* ShopWidget.appex in Embed Foundation Extensions */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C00000000002B /* ShopWidget.appex */; settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };
		8D1E0F2A3B4C00000000002C /* Algorithms in Frameworks */ = {isa = PBXBuildFile; productRef = 8D1E0F2A3B4C00000000002D /* Algorithms */; };
		8D1E0F2A3B4C00000000002E /* Payments in Frameworks */ = {isa = PBXBuildFile; productRef = 8D1E0F2A3B4C00000000002F /* Payments */; };
		8D1E0F2A3B4C000000000030 /* Store.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000031 /* Store.swift */; };
		8D1E0F2A3B4C000000000032 /* Container+Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000033 /* Container+Shared.swift */; };
		8D1E0F2A3B4C000000000034 /* SharedKit.h in Headers */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000035 /* SharedKit.h */; settings = {ATTRIBUTES = (Public, ); }; };
		8D1E0F2A3B4C000000000036 /* SharedKit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000028 /* SharedKit.framework */; };
		8D1E0F2A3B4C000000000037 /* WidgetKit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C000000000038 /* WidgetKit.framework */; };
		8D1E0F2A3B4C000000000039 /* AppTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C00000000003A /* AppTests.swift */; };
		8D1E0F2A3B4C00000000003B /* CartTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C00000000003C /* CartTests.swift */; };
		8D1E0F2A3B4C00000000003D /* AppUITests.swift in Sources */ = {isa = PBXBuildFile; fileRef = 8D1E0F2A3B4C00000000003E /* AppUITests.swift */; };
/* End PBXBuildFile section */

/* Begin PBXContainerItemProxy section */
		8D1E0F2A3B4C00000000003F /* PBXContainerItemProxy */ = {
			isa = PBXContainerItemProxy;
			containerPortal = 8D1E0F2A3B4C000000000040 /* Project object */;
			proxyType = 1;
			remoteGlobalIDString = 8D1E0F2A3B4C000000000041;
			remoteInfo = ShopWidget;
		};
		8D1E0F2A3B4C000000000042 /* PBXContainerItemProxy */ = {
			isa = PBXContainerItemProxy;
			containerPortal = 8D1E0F2A3B4C000000000040 /* Project object */;
			proxyType = 1;
			remoteGlobalIDString = 8D1E0F2A3B4C000000000043;
			remoteInfo = SharedKit;
		};
		8D1E0F2A3B4C000000000044 /* PBXContainerItemProxy */ = {
			isa = PBXContainerItemProxy;
			containerPortal = 8D1E0F2A3B4C000000000040 /* Project object */;
			proxyType = 1;
			remoteGlobalIDString = 8D1E0F2A3B4C000000000045;
			remoteInfo = App;
		};
		8D1E0F2A3B4C000000000046 /* PBXContainerItemProxy */ = {
			isa = PBXContainerItemProxy;
			containerPortal = 8D1E0F2A3B4C000000000040 /* Project object */;
			proxyType = 1;
			remoteGlobalIDString = 8D1E0F2A3B4C000000000045;
			remoteInfo = App;
		};
/* End PBXContainerItemProxy section */

/* Begin PBXCopyFilesBuildPhase section */
		8D1E0F2A3B4C000000000047 /* Embed Foundation Extensions */ = {
			isa = PBXCopyFilesBuildPhase;
			buildActionMask = 2147483647;
			dstPath = "";
			dstSubfolderSpec = 13;
			files = (
				8D1E0F2A3B4C00000000002A /* ShopWidget.appex in Embed Foundation Extensions */,
			);
			name = "Embed Foundation Extensions";
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C000000000048 /* Embed Frameworks */ = {
			isa = PBXCopyFilesBuildPhase;
			buildActionMask = 2147483647;
			dstPath = "";
			dstSubfolderSpec = 10;
			files = (
				8D1E0F2A3B4C000000000029 /* SharedKit.framework in Embed Frameworks */,
			);
			name = "Embed Frameworks";
			runOnlyForDeploymentPostprocessing = 0;
		};
/* End PBXCopyFilesBuildPhase section */

/* Begin PBXFileReference section */
		8D1E0F2A3B4C000000000014 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C000000000016 /* ContentView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ContentView.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C000000000018 /* ProfileView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ProfileView.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C00000000001A /* ProfileViewModel.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ProfileViewModel.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C00000000001C /* CheckoutView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = CheckoutView.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C000000000049 /* en */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; name = en; path = en.lproj/Localized.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C000000000020 /* Logging.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Shared/Logging.swift; sourceTree = SOURCE_ROOT; };
		8D1E0F2A3B4C000000000022 /* Analytics.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; name = Analytics.swift; path = "\#(vendorFolder)/Analytics.swift"; sourceTree = "<absolute>"; };
		8D1E0F2A3B4C000000000024 /* R.generated.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = DerivedSources/R.generated.swift; sourceTree = BUILT_PRODUCTS_DIR; };
		8D1E0F2A3B4C00000000004A /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
		8D1E0F2A3B4C000000000026 /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
		8D1E0F2A3B4C000000000031 /* Store.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Store.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C000000000033 /* Container+Shared.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "Container+Shared.swift"; sourceTree = "<group>"; };
		8D1E0F2A3B4C000000000035 /* SharedKit.h */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.h; path = SharedKit.h; sourceTree = "<group>"; };
		8D1E0F2A3B4C00000000003A /* AppTests.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppTests.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C00000000003C /* CartTests.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = CartTests.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C00000000003E /* AppUITests.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppUITests.swift; sourceTree = "<group>"; };
		8D1E0F2A3B4C000000000038 /* WidgetKit.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = WidgetKit.framework; path = System/Library/Frameworks/WidgetKit.framework; sourceTree = SDKROOT; };
		8D1E0F2A3B4C00000000004B /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
		8D1E0F2A3B4C00000000002B /* ShopWidget.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; includeInIndex = 0; path = ShopWidget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
		8D1E0F2A3B4C000000000028 /* SharedKit.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = SharedKit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
		8D1E0F2A3B4C00000000004C /* AppTests.xctest */ = {isa = PBXFileReference; explicitFileType = wrapper.cfbundle; includeInIndex = 0; path = AppTests.xctest; sourceTree = BUILT_PRODUCTS_DIR; };
		8D1E0F2A3B4C00000000004D /* AppUITests.xctest */ = {isa = PBXFileReference; explicitFileType = wrapper.cfbundle; includeInIndex = 0; path = AppUITests.xctest; sourceTree = BUILT_PRODUCTS_DIR; };
		8D1E0F2A3B4C00000000004E /* ShopResources.bundle */ = {isa = PBXFileReference; explicitFileType = wrapper.cfbundle; includeInIndex = 0; path = ShopResources.bundle; sourceTree = BUILT_PRODUCTS_DIR; };
/* End PBXFileReference section */

/* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
		8D1E0F2A3B4C00000000004F /* Exceptions for "ShopWidget" folder in "ShopWidget" target */ = {
			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
			membershipExceptions = (
				Info.plist,
				Preview,
			);
			target = 8D1E0F2A3B4C000000000041 /* ShopWidget */;
		};
		8D1E0F2A3B4C000000000050 /* Exceptions for "ShopWidget" folder in "App" target */ = {
			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
			membershipExceptions = (
				WidgetSharedModels.swift,
			);
			target = 8D1E0F2A3B4C000000000045 /* App */;
		};
/* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

/* Begin PBXFileSystemSynchronizedRootGroup section */
		8D1E0F2A3B4C000000000051 /* ShopWidget */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (8D1E0F2A3B4C00000000004F /* Exceptions for "ShopWidget" folder in "ShopWidget" target */, 8D1E0F2A3B4C000000000050 /* Exceptions for "ShopWidget" folder in "App" target */, ); explicitFileTypes = {}; explicitFolders = (); path = ShopWidget; sourceTree = "<group>"; };
/* End PBXFileSystemSynchronizedRootGroup section */

/* Begin PBXFrameworksBuildPhase section */
		8D1E0F2A3B4C000000000052 /* Frameworks */ = {
			isa = PBXFrameworksBuildPhase;
			buildActionMask = 2147483647;
			files = (
				8D1E0F2A3B4C000000000027 /* SharedKit.framework in Frameworks */,
				8D1E0F2A3B4C00000000002C /* Algorithms in Frameworks */,
				8D1E0F2A3B4C00000000002E /* Payments in Frameworks */,
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C000000000053 /* Frameworks */ = {
			isa = PBXFrameworksBuildPhase;
			buildActionMask = 2147483647;
			files = (
				8D1E0F2A3B4C000000000036 /* SharedKit.framework in Frameworks */,
				8D1E0F2A3B4C000000000037 /* WidgetKit.framework in Frameworks */,
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C000000000054 /* Frameworks */ = {
			isa = PBXFrameworksBuildPhase;
			buildActionMask = 2147483647;
			files = (
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C000000000055 /* Frameworks */ = {
			isa = PBXFrameworksBuildPhase;
			buildActionMask = 2147483647;
			files = (
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
/* End PBXFrameworksBuildPhase section */

/* Begin PBXGroup section */
		8D1E0F2A3B4C000000000056 = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C000000000057 /* App */,
				8D1E0F2A3B4C000000000058 /* SharedKit */,
				8D1E0F2A3B4C000000000051 /* ShopWidget */,
				8D1E0F2A3B4C000000000059 /* AppTests */,
				8D1E0F2A3B4C00000000005A /* AppUITests */,
				8D1E0F2A3B4C00000000005B /* Support */,
				8D1E0F2A3B4C00000000005C /* Frameworks */,
				8D1E0F2A3B4C00000000005D /* Products */,
			);
			sourceTree = "<group>";
		};
		8D1E0F2A3B4C000000000057 /* App */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C000000000014 /* AppDelegate.swift */,
				8D1E0F2A3B4C000000000016 /* ContentView.swift */,
				8D1E0F2A3B4C00000000005E /* Features */,
				8D1E0F2A3B4C00000000001E /* Localized.swift */,
				8D1E0F2A3B4C00000000004A /* Info.plist */,
				8D1E0F2A3B4C000000000026 /* Assets.xcassets */,
			);
			path = App;
			sourceTree = "<group>";
		};
		8D1E0F2A3B4C00000000005E /* Features */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C00000000005F /* Profile */,
				8D1E0F2A3B4C000000000060 /* Checkout */,
			);
			path = Features;
			sourceTree = "<group>";
		};
		8D1E0F2A3B4C00000000005F /* Profile */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C000000000018 /* ProfileView.swift */,
				8D1E0F2A3B4C00000000001A /* ProfileViewModel.swift */,
			);
			path = Profile;
			sourceTree = "<group>";
		};
		8D1E0F2A3B4C000000000060 /* Checkout */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C00000000001C /* CheckoutView.swift */,
			);
			name = Checkout;
			path = App/Features/Checkout;
			sourceTree = SOURCE_ROOT;
		};
		8D1E0F2A3B4C000000000058 /* SharedKit */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C000000000035 /* SharedKit.h */,
				8D1E0F2A3B4C000000000031 /* Store.swift */,
				8D1E0F2A3B4C000000000033 /* Container+Shared.swift */,
			);
			path = SharedKit;
			sourceTree = "<group>";
		};
		8D1E0F2A3B4C000000000059 /* AppTests */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C00000000003A /* AppTests.swift */,
				8D1E0F2A3B4C00000000003C /* CartTests.swift */,
			);
			path = AppTests;
			sourceTree = "<group>";
		};
		8D1E0F2A3B4C00000000005A /* AppUITests */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C00000000003E /* AppUITests.swift */,
			);
			path = AppUITests;
			sourceTree = "<group>";
		};
		8D1E0F2A3B4C00000000005B /* Support */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C000000000020 /* Logging.swift */,
				8D1E0F2A3B4C000000000022 /* Analytics.swift */,
				8D1E0F2A3B4C000000000024 /* R.generated.swift */,
			);
			name = Support;
			sourceTree = "<group>";
		};
		8D1E0F2A3B4C00000000005C /* Frameworks */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C000000000038 /* WidgetKit.framework */,
			);
			name = Frameworks;
			sourceTree = "<group>";
		};
		8D1E0F2A3B4C00000000005D /* Products */ = {
			isa = PBXGroup;
			children = (
				8D1E0F2A3B4C00000000004B /* App.app */,
				8D1E0F2A3B4C00000000002B /* ShopWidget.appex */,
				8D1E0F2A3B4C000000000028 /* SharedKit.framework */,
				8D1E0F2A3B4C00000000004C /* AppTests.xctest */,
				8D1E0F2A3B4C00000000004D /* AppUITests.xctest */,
				8D1E0F2A3B4C00000000004E /* ShopResources.bundle */,
			);
			name = Products;
			sourceTree = "<group>";
		};
/* End PBXGroup section */

/* Begin PBXHeadersBuildPhase section */
		8D1E0F2A3B4C000000000061 /* Headers */ = {
			isa = PBXHeadersBuildPhase;
			buildActionMask = 2147483647;
			files = (
				8D1E0F2A3B4C000000000034 /* SharedKit.h in Headers */,
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
/* End PBXHeadersBuildPhase section */

/* Begin PBXNativeTarget section */
		8D1E0F2A3B4C000000000045 /* App */ = {
			isa = PBXNativeTarget;
			buildConfigurationList = 8D1E0F2A3B4C000000000062 /* Build configuration list for PBXNativeTarget "App" */;
			buildPhases = (
				8D1E0F2A3B4C000000000063 /* Sources */,
				8D1E0F2A3B4C000000000052 /* Frameworks */,
				8D1E0F2A3B4C000000000064 /* Resources */,
				8D1E0F2A3B4C000000000047 /* Embed Foundation Extensions */,
				8D1E0F2A3B4C000000000048 /* Embed Frameworks */,
			);
			buildRules = (
			);
			dependencies = (
				8D1E0F2A3B4C000000000065 /* PBXTargetDependency */,
				8D1E0F2A3B4C000000000066 /* PBXTargetDependency */,
			);
			name = App;
			packageProductDependencies = (
				8D1E0F2A3B4C00000000002D /* Algorithms */,
				8D1E0F2A3B4C00000000002F /* Payments */,
			);
			productName = App;
			productReference = 8D1E0F2A3B4C00000000004B /* App.app */;
			productType = "com.apple.product-type.application";
		};
		8D1E0F2A3B4C000000000041 /* ShopWidget */ = {
			isa = PBXNativeTarget;
			buildConfigurationList = 8D1E0F2A3B4C000000000067 /* Build configuration list for PBXNativeTarget "ShopWidget" */;
			buildPhases = (
				8D1E0F2A3B4C000000000068 /* Sources */,
				8D1E0F2A3B4C000000000053 /* Frameworks */,
				8D1E0F2A3B4C000000000069 /* Resources */,
			);
			buildRules = (
			);
			dependencies = (
			);
			fileSystemSynchronizedGroups = (
				8D1E0F2A3B4C000000000051 /* ShopWidget */,
			);
			name = ShopWidget;
			productName = ShopWidget;
			productReference = 8D1E0F2A3B4C00000000002B /* ShopWidget.appex */;
			productType = "com.apple.product-type.app-extension";
		};
		8D1E0F2A3B4C000000000043 /* SharedKit */ = {
			isa = PBXNativeTarget;
			buildConfigurationList = 8D1E0F2A3B4C00000000006A /* Build configuration list for PBXNativeTarget "SharedKit" */;
			buildPhases = (
				8D1E0F2A3B4C000000000061 /* Headers */,
				8D1E0F2A3B4C00000000006B /* Sources */,
				8D1E0F2A3B4C000000000054 /* Frameworks */,
			);
			buildRules = (
			);
			dependencies = (
			);
			name = SharedKit;
			productName = SharedKit;
			productReference = 8D1E0F2A3B4C000000000028 /* SharedKit.framework */;
			productType = "com.apple.product-type.framework";
		};
		8D1E0F2A3B4C00000000006C /* AppTests */ = {
			isa = PBXNativeTarget;
			buildConfigurationList = 8D1E0F2A3B4C00000000006D /* Build configuration list for PBXNativeTarget "AppTests" */;
			buildPhases = (
				8D1E0F2A3B4C00000000006E /* Sources */,
				8D1E0F2A3B4C000000000055 /* Frameworks */,
			);
			buildRules = (
			);
			dependencies = (
				8D1E0F2A3B4C00000000006F /* PBXTargetDependency */,
			);
			name = AppTests;
			productName = AppTests;
			productReference = 8D1E0F2A3B4C00000000004C /* AppTests.xctest */;
			productType = "com.apple.product-type.bundle.unit-test";
		};
		8D1E0F2A3B4C000000000070 /* AppUITests */ = {
			isa = PBXNativeTarget;
			buildConfigurationList = 8D1E0F2A3B4C000000000071 /* Build configuration list for PBXNativeTarget "AppUITests" */;
			buildPhases = (
				8D1E0F2A3B4C000000000072 /* Sources */,
			);
			buildRules = (
			);
			dependencies = (
				8D1E0F2A3B4C000000000073 /* PBXTargetDependency */,
			);
			name = AppUITests;
			productName = AppUITests;
			productReference = 8D1E0F2A3B4C00000000004D /* AppUITests.xctest */;
			productType = "com.apple.product-type.bundle.ui-testing";
		};
		8D1E0F2A3B4C000000000074 /* ShopResources */ = {
			isa = PBXNativeTarget;
			buildConfigurationList = 8D1E0F2A3B4C000000000075 /* Build configuration list for PBXNativeTarget "ShopResources" */;
			buildPhases = (
				8D1E0F2A3B4C000000000076 /* Resources */,
			);
			buildRules = (
			);
			dependencies = (
			);
			name = ShopResources;
			productName = ShopResources;
			productReference = 8D1E0F2A3B4C00000000004E /* ShopResources.bundle */;
			productType = "com.apple.product-type.bundle";
		};
/* End PBXNativeTarget section */

/* Begin PBXProject section */
		8D1E0F2A3B4C000000000040 /* Project object */ = {
			isa = PBXProject;
			attributes = {
				BuildIndependentTargetsInParallel = 1;
				LastSwiftUpdateCheck = 1600;
				LastUpgradeCheck = 1600;
				TargetAttributes = {
					8D1E0F2A3B4C000000000045 = {
						CreatedOnToolsVersion = 16.0;
					};
					8D1E0F2A3B4C00000000006C = {
						CreatedOnToolsVersion = 16.0;
						TestTargetID = 8D1E0F2A3B4C000000000045;
					};
				};
			};
			buildConfigurationList = 8D1E0F2A3B4C000000000077 /* Build configuration list for PBXProject "Shop" */;
			developmentRegion = en;
			hasScannedForEncodings = 0;
			knownRegions = (
				en,
				Base,
			);
			mainGroup = 8D1E0F2A3B4C000000000056;
			minimizedProjectReferenceProxies = 1;
			packageReferences = (
				8D1E0F2A3B4C000000000078 /* XCRemoteSwiftPackageReference "swift-algorithms" */,
				8D1E0F2A3B4C000000000079 /* XCLocalSwiftPackageReference "Packages/Payments" */,
			);
			preferredProjectObjectVersion = 77;
			productRefGroup = 8D1E0F2A3B4C00000000005D /* Products */;
			projectDirPath = "";
			projectRoot = "";
			targets = (
				8D1E0F2A3B4C000000000045 /* App */,
				8D1E0F2A3B4C000000000041 /* ShopWidget */,
				8D1E0F2A3B4C000000000043 /* SharedKit */,
				8D1E0F2A3B4C00000000006C /* AppTests */,
				8D1E0F2A3B4C000000000070 /* AppUITests */,
				8D1E0F2A3B4C000000000074 /* ShopResources */,
				8D1E0F2A3B4C000000000011 /* Lint */,
			);
		};
/* End PBXProject section */

/* Begin PBXResourcesBuildPhase section */
		8D1E0F2A3B4C000000000064 /* Resources */ = {
			isa = PBXResourcesBuildPhase;
			buildActionMask = 2147483647;
			files = (
				8D1E0F2A3B4C000000000025 /* Assets.xcassets in Resources */,
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C000000000069 /* Resources */ = {
			isa = PBXResourcesBuildPhase;
			buildActionMask = 2147483647;
			files = (
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C000000000076 /* Resources */ = {
			isa = PBXResourcesBuildPhase;
			buildActionMask = 2147483647;
			files = (
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
/* End PBXResourcesBuildPhase section */

/* Begin PBXSourcesBuildPhase section */
		8D1E0F2A3B4C000000000063 /* Sources */ = {
			isa = PBXSourcesBuildPhase;
			buildActionMask = 2147483647;
			files = (
				8D1E0F2A3B4C000000000013 /* AppDelegate.swift in Sources */,
				8D1E0F2A3B4C000000000015 /* ContentView.swift in Sources */,
				8D1E0F2A3B4C000000000017 /* ProfileView.swift in Sources */,
				8D1E0F2A3B4C000000000019 /* ProfileViewModel.swift in Sources */,
				8D1E0F2A3B4C00000000001B /* CheckoutView.swift in Sources */,
				8D1E0F2A3B4C00000000001D /* Localized.swift in Sources */,
				8D1E0F2A3B4C00000000001F /* Logging.swift in Sources */,
				8D1E0F2A3B4C000000000021 /* Analytics.swift in Sources */,
				8D1E0F2A3B4C000000000023 /* R.generated.swift in Sources */,
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C000000000068 /* Sources */ = {
			isa = PBXSourcesBuildPhase;
			buildActionMask = 2147483647;
			files = (
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C00000000006B /* Sources */ = {
			isa = PBXSourcesBuildPhase;
			buildActionMask = 2147483647;
			files = (
				8D1E0F2A3B4C000000000030 /* Store.swift in Sources */,
				8D1E0F2A3B4C000000000032 /* Container+Shared.swift in Sources */,
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C00000000006E /* Sources */ = {
			isa = PBXSourcesBuildPhase;
			buildActionMask = 2147483647;
			files = (
				8D1E0F2A3B4C000000000039 /* AppTests.swift in Sources */,
				8D1E0F2A3B4C00000000003B /* CartTests.swift in Sources */,
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
		8D1E0F2A3B4C000000000072 /* Sources */ = {
			isa = PBXSourcesBuildPhase;
			buildActionMask = 2147483647;
			files = (
				8D1E0F2A3B4C00000000003D /* AppUITests.swift in Sources */,
			);
			runOnlyForDeploymentPostprocessing = 0;
		};
/* End PBXSourcesBuildPhase section */

/* Begin PBXTargetDependency section */
		8D1E0F2A3B4C000000000065 /* PBXTargetDependency */ = {
			isa = PBXTargetDependency;
			target = 8D1E0F2A3B4C000000000041 /* ShopWidget */;
			targetProxy = 8D1E0F2A3B4C00000000003F /* PBXContainerItemProxy */;
		};
		8D1E0F2A3B4C000000000066 /* PBXTargetDependency */ = {
			isa = PBXTargetDependency;
			targetProxy = 8D1E0F2A3B4C000000000042 /* PBXContainerItemProxy */;
		};
		8D1E0F2A3B4C00000000006F /* PBXTargetDependency */ = {
			isa = PBXTargetDependency;
			target = 8D1E0F2A3B4C000000000045 /* App */;
			targetProxy = 8D1E0F2A3B4C000000000044 /* PBXContainerItemProxy */;
		};
		8D1E0F2A3B4C000000000073 /* PBXTargetDependency */ = {
			isa = PBXTargetDependency;
			target = 8D1E0F2A3B4C000000000045 /* App */;
			targetProxy = 8D1E0F2A3B4C000000000046 /* PBXContainerItemProxy */;
		};
/* End PBXTargetDependency section */

/* Begin PBXVariantGroup section */
		8D1E0F2A3B4C00000000001E /* Localized.swift */ = {
			isa = PBXVariantGroup;
			children = (
				8D1E0F2A3B4C000000000049 /* en */,
			);
			name = Localized.swift;
			sourceTree = "<group>";
		};
/* End PBXVariantGroup section */

/* Begin XCBuildConfiguration section */
		8D1E0F2A3B4C000000000001 /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				ALWAYS_SEARCH_USER_PATHS = NO;
				CLANG_ENABLE_MODULES = YES;
				DEBUG_INFORMATION_FORMAT = dwarf;
				GCC_PREPROCESSOR_DEFINITIONS = (
					"DEBUG=1",
					"$(inherited)",
				);
				IPHONEOS_DEPLOYMENT_TARGET = 17.0;
				SDKROOT = iphoneos;
				SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)";
				SWIFT_OPTIMIZATION_LEVEL = "-Onone";
			};
			name = Debug;
		};
		8D1E0F2A3B4C000000000002 /* Release */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				ALWAYS_SEARCH_USER_PATHS = NO;
				CLANG_ENABLE_MODULES = YES;
				IPHONEOS_DEPLOYMENT_TARGET = 17.0;
				SDKROOT = iphoneos;
				SWIFT_COMPILATION_MODE = wholemodule;
				VALIDATE_PRODUCT = YES;
			};
			name = Release;
		};
		8D1E0F2A3B4C000000000003 /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
				CODE_SIGN_STYLE = Automatic;
				INFOPLIST_FILE = App/Info.plist;
				LD_RUNPATH_SEARCH_PATHS = (
					"$(inherited)",
					"@executable_path/Frameworks",
				);
				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;
				PRODUCT_NAME = "$(TARGET_NAME)";
				SWIFT_VERSION = 6.0;
				TARGETED_DEVICE_FAMILY = "1,2";
			};
			name = Debug;
		};
		8D1E0F2A3B4C000000000004 /* Release */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;
				CODE_SIGN_STYLE = Automatic;
				INFOPLIST_FILE = App/Info.plist;
				LD_RUNPATH_SEARCH_PATHS = (
					"$(inherited)",
					"@executable_path/Frameworks",
				);
				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;
				PRODUCT_NAME = "$(TARGET_NAME)";
				SWIFT_VERSION = 6.0;
				TARGETED_DEVICE_FAMILY = "1,2";
			};
			name = Release;
		};
		8D1E0F2A3B4C000000000005 /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				INFOPLIST_FILE = ShopWidget/Info.plist;
				INFOPLIST_KEY_CFBundleDisplayName = "Shop Widget";
				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.widget;
				PRODUCT_NAME = "$(TARGET_NAME)";
				SKIP_INSTALL = YES;
				SWIFT_VERSION = 6.0;
			};
			name = Debug;
		};
		8D1E0F2A3B4C000000000006 /* Release */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				INFOPLIST_FILE = ShopWidget/Info.plist;
				INFOPLIST_KEY_CFBundleDisplayName = "Shop Widget";
				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.widget;
				PRODUCT_NAME = "$(TARGET_NAME)";
				SKIP_INSTALL = YES;
				SWIFT_VERSION = 6.0;
			};
			name = Release;
		};
		8D1E0F2A3B4C000000000007 /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				DEFINES_MODULE = YES;
				DYLIB_INSTALL_NAME_BASE = "@rpath";
				PRODUCT_BUNDLE_IDENTIFIER = com.example.sharedkit;
				PRODUCT_NAME = "$(TARGET_NAME:c99extidentifier)";
				SKIP_INSTALL = YES;
				SWIFT_VERSION = 6.0;
			};
			name = Debug;
		};
		8D1E0F2A3B4C000000000008 /* Release */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				DEFINES_MODULE = YES;
				DYLIB_INSTALL_NAME_BASE = "@rpath";
				PRODUCT_BUNDLE_IDENTIFIER = com.example.sharedkit;
				PRODUCT_NAME = "$(TARGET_NAME:c99extidentifier)";
				SKIP_INSTALL = YES;
				SWIFT_VERSION = 6.0;
			};
			name = Release;
		};
		8D1E0F2A3B4C000000000009 /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				BUNDLE_LOADER = "$(TEST_HOST)";
				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.tests;
				PRODUCT_NAME = "$(TARGET_NAME)";
				SWIFT_VERSION = 6.0;
				TEST_HOST = "$(BUILT_PRODUCTS_DIR)/App.app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/App";
			};
			name = Debug;
		};
		8D1E0F2A3B4C00000000000A /* Release */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				BUNDLE_LOADER = "$(TEST_HOST)";
				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.tests;
				PRODUCT_NAME = "$(TARGET_NAME)";
				SWIFT_VERSION = 6.0;
				TEST_HOST = "$(BUILT_PRODUCTS_DIR)/App.app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/App";
			};
			name = Release;
		};
		8D1E0F2A3B4C00000000000B /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.uitests;
				PRODUCT_NAME = "$(TARGET_NAME)";
				SWIFT_VERSION = 6.0;
				TEST_TARGET_NAME = App;
			};
			name = Debug;
		};
		8D1E0F2A3B4C00000000000C /* Release */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.uitests;
				PRODUCT_NAME = "$(TARGET_NAME)";
				SWIFT_VERSION = 6.0;
				TEST_TARGET_NAME = App;
			};
			name = Release;
		};
		8D1E0F2A3B4C00000000000D /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				PRODUCT_NAME = "$(TARGET_NAME)";
				WRAPPER_EXTENSION = bundle;
			};
			name = Debug;
		};
		8D1E0F2A3B4C00000000000E /* Release */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				PRODUCT_NAME = "$(TARGET_NAME)";
				WRAPPER_EXTENSION = bundle;
			};
			name = Release;
		};
		8D1E0F2A3B4C00000000000F /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				PRODUCT_NAME = "$(TARGET_NAME)";
			};
			name = Debug;
		};
		8D1E0F2A3B4C000000000010 /* Release */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				PRODUCT_NAME = "$(TARGET_NAME)";
			};
			name = Release;
		};
/* End XCBuildConfiguration section */

/* Begin XCConfigurationList section */
		8D1E0F2A3B4C000000000077 /* Build configuration list for PBXProject "Shop" */ = {
			isa = XCConfigurationList;
			buildConfigurations = (
				8D1E0F2A3B4C000000000001 /* Debug */,
				8D1E0F2A3B4C000000000002 /* Release */,
			);
			defaultConfigurationIsVisible = 0;
			defaultConfigurationName = Release;
		};
		8D1E0F2A3B4C000000000062 /* Build configuration list for PBXNativeTarget "App" */ = {
			isa = XCConfigurationList;
			buildConfigurations = (
				8D1E0F2A3B4C000000000003 /* Debug */,
				8D1E0F2A3B4C000000000004 /* Release */,
			);
			defaultConfigurationIsVisible = 0;
			defaultConfigurationName = Release;
		};
		8D1E0F2A3B4C000000000067 /* Build configuration list for PBXNativeTarget "ShopWidget" */ = {
			isa = XCConfigurationList;
			buildConfigurations = (
				8D1E0F2A3B4C000000000005 /* Debug */,
				8D1E0F2A3B4C000000000006 /* Release */,
			);
			defaultConfigurationIsVisible = 0;
			defaultConfigurationName = Release;
		};
		8D1E0F2A3B4C00000000006A /* Build configuration list for PBXNativeTarget "SharedKit" */ = {
			isa = XCConfigurationList;
			buildConfigurations = (
				8D1E0F2A3B4C000000000007 /* Debug */,
				8D1E0F2A3B4C000000000008 /* Release */,
			);
			defaultConfigurationIsVisible = 0;
			defaultConfigurationName = Release;
		};
		8D1E0F2A3B4C00000000006D /* Build configuration list for PBXNativeTarget "AppTests" */ = {
			isa = XCConfigurationList;
			buildConfigurations = (
				8D1E0F2A3B4C000000000009 /* Debug */,
				8D1E0F2A3B4C00000000000A /* Release */,
			);
			defaultConfigurationIsVisible = 0;
			defaultConfigurationName = Release;
		};
		8D1E0F2A3B4C000000000071 /* Build configuration list for PBXNativeTarget "AppUITests" */ = {
			isa = XCConfigurationList;
			buildConfigurations = (
				8D1E0F2A3B4C00000000000B /* Debug */,
				8D1E0F2A3B4C00000000000C /* Release */,
			);
			defaultConfigurationIsVisible = 0;
			defaultConfigurationName = Release;
		};
		8D1E0F2A3B4C000000000075 /* Build configuration list for PBXNativeTarget "ShopResources" */ = {
			isa = XCConfigurationList;
			buildConfigurations = (
				8D1E0F2A3B4C00000000000D /* Debug */,
				8D1E0F2A3B4C00000000000E /* Release */,
			);
			defaultConfigurationIsVisible = 0;
			defaultConfigurationName = Release;
		};
		8D1E0F2A3B4C000000000012 /* Build configuration list for PBXAggregateTarget "Lint" */ = {
			isa = XCConfigurationList;
			buildConfigurations = (
				8D1E0F2A3B4C00000000000F /* Debug */,
				8D1E0F2A3B4C000000000010 /* Release */,
			);
			defaultConfigurationIsVisible = 0;
			defaultConfigurationName = Release;
		};
/* End XCConfigurationList section */

/* Begin XCLocalSwiftPackageReference section */
		8D1E0F2A3B4C000000000079 /* XCLocalSwiftPackageReference "Packages/Payments" */ = {
			isa = XCLocalSwiftPackageReference;
			relativePath = Packages/Payments;
		};
/* End XCLocalSwiftPackageReference section */

/* Begin XCRemoteSwiftPackageReference section */
		8D1E0F2A3B4C000000000078 /* XCRemoteSwiftPackageReference "swift-algorithms" */ = {
			isa = XCRemoteSwiftPackageReference;
			repositoryURL = "https://github.com/apple/swift-algorithms";
			requirement = {
				kind = upToNextMajorVersion;
				minimumVersion = 1.2.0;
			};
		};
/* End XCRemoteSwiftPackageReference section */

/* Begin XCSwiftPackageProductDependency section */
		8D1E0F2A3B4C00000000002D /* Algorithms */ = {
			isa = XCSwiftPackageProductDependency;
			package = 8D1E0F2A3B4C000000000078 /* XCRemoteSwiftPackageReference "swift-algorithms" */;
			productName = Algorithms;
		};
		8D1E0F2A3B4C00000000002F /* Payments */ = {
			isa = XCSwiftPackageProductDependency;
			package = 8D1E0F2A3B4C000000000079 /* XCLocalSwiftPackageReference "Packages/Payments" */;
			productName = Payments;
		};
/* End XCSwiftPackageProductDependency section */
	};
	rootObject = 8D1E0F2A3B4C000000000040 /* Project object */;
}
"""#
}
